import express, { type RequestHandler } from 'express';

export const EVENTS_PATH = '/api/events';

/**
 * The events endpoint's body: JSON, sent as application/json or as text/plain (a Blob's type,
 * or a plain string, is what navigator.sendBeacon sends). Other routes keep JSON only.
 */
export function eventsBodyParser(limit: string): RequestHandler {
  return express.json({ type: ['application/json', 'text/plain'], limit });
}
