// fetch wrapper: JSON in and out, the CSRF header from the csrftoken cookie, one error shape.

export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || "error";
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const opts = { method, credentials: "same-origin", headers: { Accept: "application/json", ...headers } };
  if (method !== "GET" && method !== "HEAD") {
    opts.headers["X-CSRFToken"] = csrfToken();
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const resp = await fetch("/api/v1/" + path, opts);
  let data = null;
  if (resp.status !== 204) {
    try { data = await resp.json(); } catch (e) { data = null; }
  }
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

// Render an API error for a person: detail plus field messages.
export function errorText(err) {
  if (!(err instanceof ApiError)) return String(err && err.message ? err.message : err);
  // The detail already says what the fields say (the API builds it from them): the fields are
  // spelled out only when there is no detail, so nothing is said twice.
  const parts = [err.body.detail];
  const fields = err.body.fields;
  if (!err.body.detail && fields && typeof fields === "object") {
    for (const [k, v] of Object.entries(fields)) parts.push(`${k}: ${[].concat(v).join(" ")}`);
  }
  if (!parts.some(Boolean)) parts.push(err.message);
  if (err.body.rule) parts.push(`(${err.body.rule})`);
  return parts.filter(Boolean).join(" ");
}

// A create form's submit: POST `body` to `path` and open the page `pageOf` names for what was
// created; a refusal is said in `error` and the `submit` button given back for another try.
export async function createThenOpen(submit, error, path, body, pageOf) {
  submit.disabled = true;
  try {
    const created = await api(path, { method: "POST", body });
    window.location.href = pageOf(created);
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
    submit.disabled = false;
  }
}

export function currentUser() {
  return document.body.dataset.username || null;
}
