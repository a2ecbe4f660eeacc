import { expect } from 'vitest';

/** An error answer as the API sends it, to compare whole: its code, its message and its request's id. */
export const errorAnswer = (error: string, message: string) => ({ error, message, requestId: expect.any(String) });
