/** A message handed to the next page through the router's navigation state. */
export interface NavigationNotice {
  notice: string;
}

export function withNotice(notice: string): NavigationNotice {
  return { notice };
}

export function noticeFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  const { notice } = state;
  return typeof notice === 'string' ? notice : undefined;
}
