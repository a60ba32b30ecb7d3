import { type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
/** The one shape every error answer has. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}
/** Gives every error `{statusCode, error, message}`; unexpected errors are logged, never leaked. */
export declare class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger;
  catch(exception: unknown, host: ArgumentsHost): void;
}
