// api.js - the server's JSON API.

// Every request, for the self-tests (which sessions were created, what a
// go asked for).
export const apiLog = [];

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  apiLog.push({ method, path, body });
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || (res.status + ' ' + res.statusText));
    err.status = res.status;
    throw err;
  }
  return data;
}
