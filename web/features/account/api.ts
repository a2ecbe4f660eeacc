import { apiSend } from '../../lib/api-client.js';

/** DELETE /account: the signed-in reader's own account, confirmed by its password; the server signs the browser out. */
export function deleteOwnAccount(password: string): Promise<{ message: string }> {
  return apiSend('DELETE', '/account', { password });
}
