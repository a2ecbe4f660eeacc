import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mailer without SMTP', () => {
  it('writes each mail to the outbox and logs its link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const lines: string[] = [];
    const { log } = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    const mailer = createMailer({ smtpUrl: null, from: 'Site <no-reply@site.example>', outboxDir: dir }, log);
    await mailer.send({
      to: 'reader@example.org',
      subject: 'Verify',
      text: 'Go',
      html: '<p>Go</p>',
      link: 'http://localhost:3000/verify-email?token=abc',
    });
    const [file] = readdirSync(dir);
    expect(file).toMatch(/reader@example\.org\.json$/);
    expect(JSON.parse(readFileSync(path.join(dir, file ?? ''), 'utf8'))).toMatchObject({
      to: 'reader@example.org',
      html: '<p>Go</p>',
    });
    expect(lines.join('')).toContain('http://localhost:3000/verify-email?token=abc');
  });
});
