export type * from '@course/contract';
export { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './api-error.js';
export { createCourseApi, type CourseApi } from './course-api.js';
export { createHttpClient, type HttpClient } from './http.js';
