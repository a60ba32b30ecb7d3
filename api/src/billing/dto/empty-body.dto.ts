import { ApiSchema } from '@nestjs/swagger';

/**
 * For calls that take no body: with the global `forbidNonWhitelisted`, any field sent is refused
 * with a clear message instead of being silently ignored.
 */
@ApiSchema({ description: 'No fields: this call takes no body' })
export class EmptyBodyDto {}
