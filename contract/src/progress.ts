/** GET users/get-progress and POST users/update/: the ids of the lessons completed. */
export interface ProgressBody {
  completed: number[];
}

/** POST users/update/: the id of the lesson just completed. */
export interface ProgressUpdate {
  completed: number;
}
