/** What the page embeds: every URL relative to the page. */
export interface PageSettings {
  title: string;
  /** One entry per document in the version switcher. */
  urls: { name: string; url: string }[];
  primaryName: string;
  oauth2RedirectUrl: string;
  /** Swagger UI's configuration, JSON values only. */
  swaggerUi: Record<string, unknown>;
  assets: { css: string; icon: string; bundle: string; preset: string; init: string };
}

/**
 * The policy of the page: scripts and styles from the app alone, no inline
 * script (the settings are a JSON data block, which no browser runs).
 * Swagger UI sets inline styles, and "Try it out" may call the servers a
 * document lists, hence `'unsafe-inline'` for styles and `connect-src *`.
 */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  'connect-src *',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** JSON inside a <script> element: `<`, `>` and `&` escaped so that no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function pageHtml(settings: PageSettings): string {
  const { title, assets } = settings;
  const data = { urls: settings.urls, primaryName: settings.primaryName, oauth2RedirectUrl: settings.oauth2RedirectUrl, swaggerUi: settings.swaggerUi };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<link rel="icon" type="image/png" href="${text(assets.icon)}">
<link rel="stylesheet" href="${text(assets.css)}">
</head>
<body>
<div id="swagger-ui"></div>
<script type="application/json" id="waymark-docs-settings">${scriptJson(data)}</script>
<script src="${text(assets.bundle)}"></script>
<script src="${text(assets.preset)}"></script>
<script src="${text(assets.init)}"></script>
</body>
</html>
`;
}
