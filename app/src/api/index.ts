export { ApiError, errorMessage, NETWORK_ERROR_MESSAGE, type LessonToFinish } from './api-error.js';
export { createCourseApi, type CourseApi } from './course-api.js';
export { createHttpClient, type HttpClient } from './http.js';
export type * from './types.js';
