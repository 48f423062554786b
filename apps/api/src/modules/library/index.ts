/** What the library module offers: its tables are read by the progress reports. */
export { recountLibrary } from './kept-counts';
export { createLibraryRepo } from './repo';
export { libraryRoutes } from './routes';
export { datePastCompletions } from './completion-dates';
export { libraryCategories, libraryOpened, libraryProgress, libraryVideos, libraryWatched } from './schema';
export { createLibraryService } from './service';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { libraryPersonalData } from './personal-data';
