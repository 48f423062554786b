/** What the library module offers: its tables are read by the progress reports. */
export { recountLibrary } from './kept-counts';
export { createLibraryRepo } from './repo';
export { libraryRoutes } from './routes';
export { datePastCompletions } from './completion-dates';
export { libraryCategories, libraryOpened, libraryProgress, libraryVideos, libraryWatched } from './schema';
export { createLibraryService } from './service';
