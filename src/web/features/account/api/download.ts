import { ApiError, NetworkError, apiEnvironment, messageFromBody } from '@web/lib/api-client';

/** The file name of a Content-Disposition header (`attachment; filename="…"`), or the fallback. */
export function fileNameFrom(header: string | null, fallback: string): string {
  const m = header ? /filename="([^"]+)"/.exec(header) : null;
  return m?.[1] ?? fallback;
}

/**
 * Fetches a file the server builds (a report or an export) and hands it to the browser as a download. Errors
 * come as the api client's: ApiError with the server's message, NetworkError when there was no answer.
 */
export async function downloadFile(path: string, init: { method: 'GET' | 'POST' }, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await apiEnvironment.fetch(path, {
      method: init.method,
      credentials: 'include',
      headers: { Accept: '*/*', ...(init.method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(init.method === 'POST' ? { body: '{}' } : {}),
    });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!res.ok) {
    const { message, body } = messageFromBody(await res.text().catch(() => ''), res.statusText);
    throw new ApiError(res.status, `${res.status}: ${message}`, message, body);
  }
  const name = fileNameFrom(res.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
