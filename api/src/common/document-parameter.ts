/**
 * Applies a method decorator (`@ApiParam`, `@ApiHeader`, ...) from a parameter decorator, so a
 * parameter that reads a value and the OpenAPI document's description of it are declared once.
 */
export function documentFromParameter(
  document: MethodDecorator,
): (target: object, key: string | symbol | undefined) => void {
  return (target, key) => {
    if (key === undefined) throw new Error('a documented parameter belongs to a route handler');
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) throw new Error(`no handler ${String(key)} to document`);
    document(target, key, descriptor);
  };
}
