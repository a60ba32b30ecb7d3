/**
 * Headers of a call that may be retried safely: the answers a learner sends (a zone, a plan, a
 * decision, a management rule). A retry with the same key (same learner) is answered with the
 * first answer and spends no try; a request the API answered with an error stored nothing.
 * Keys are 1 to 255 visible ASCII characters (the app sends a fresh UUID per action) and are
 * kept for 24 hours; the same key with another body is a 422.
 */
export interface IdempotentRequestHeaders {
  'Idempotency-Key'?: string;
}
