/** What the library module offers: its tables are read by the progress reports. */
export { recountLibrary } from './kept-counts';
export { createLibraryRepo } from './repo';
export { libraryRoutes } from './routes';
export { libraryCategories, libraryVideos, libraryWatched } from './schema';
/** The erasure of an account covers each member's openings and progress. */
export { libraryOpened, libraryProgress } from './schema';
export { createLibraryService } from './service';
