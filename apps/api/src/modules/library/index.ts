/** What the library module offers: its tables are read by the progress reports. */
export { recountLibrary } from './kept-counts';
export { createLibraryRepo } from './repo';
export { libraryRoutes } from './routes';
export { libraryCategories, libraryOpened, libraryVideos, libraryWatched } from './schema';
export { datePastCompletions } from './completion-dates';
export { createLibraryService } from './service';
