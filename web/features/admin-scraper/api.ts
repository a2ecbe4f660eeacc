import type { ScrapeAnswer, ScrapeBody } from '../../../common/queue.js';
import { apiSend } from '../../lib/api-client.js';

/** POST /admin/scrape: fetches the paper from arXiv and queues it (or processes it now). */
export function scrapePaper(body: ScrapeBody): Promise<ScrapeAnswer> {
  return apiSend<ScrapeAnswer>('POST', '/admin/scrape', body);
}
