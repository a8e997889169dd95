/**
 * The page's own script, served as the asset `waymark-docs.js`: a file, not
 * an inline script, so that the page's Content-Security-Policy can say
 * `script-src 'self'`. It reads the settings the page embeds as JSON and
 * turns their URLs (relative to the page) into absolute ones with the
 * address the browser itself shows, never one the server built from `Host`.
 */
export const INIT_SCRIPT = `'use strict';
(function () {
  var settings = JSON.parse(document.getElementById('waymark-docs-settings').textContent);
  var absolute = function (url) { return new URL(url, window.location.href).href; };
  var config = settings.swaggerUi;
  config.urls = settings.urls.map(function (entry) { return { name: entry.name, url: absolute(entry.url) }; });
  config['urls.primaryName'] = settings.primaryName;
  config.oauth2RedirectUrl = absolute(settings.oauth2RedirectUrl);
  config.dom_id = '#swagger-ui';
  config.layout = 'StandaloneLayout';
  config.presets = [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset];
  window.ui = SwaggerUIBundle(config);
})();
`;
