/**
 * Marks a controller whose routes the API's OpenAPI documents leave out (the
 * docs page's own, unless `docsRoutes({ document: true })`: docs/docs-page.md),
 * and whether its `version` parameter means anything without versioning.
 */
export const DOCS_PAGE = Symbol('waymark.docsPage');

/** What a marked controller says of itself. */
export interface DocsPageMark {
  /** Listed in the API's documents (and so in generated clients). */
  readonly documented: boolean;
}

/** The controller's mark, `undefined` for every controller of the app's own. */
export function docsPageMark(controller: Function): DocsPageMark | undefined {
  return (controller as { [DOCS_PAGE]?: DocsPageMark })[DOCS_PAGE];
}
