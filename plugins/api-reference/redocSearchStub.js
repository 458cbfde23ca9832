/**
 * Stands in, inside Redoc's browser bundle only, for `lunr`, which Redoc's own search builds its index
 * with. The site turns that search off (`disableSearch` in src/components/ApiReference/RedocView.tsx:
 * the navbar's search covers the reference), so Redoc never calls it; anything that does fails loudly.
 */
module.exports = function lunr() {
  throw new Error(
    "lunr is not in the site's Redoc bundle (plugins/api-reference/redocSearchStub.js): " +
      "Redoc's search is off on the reference pages (disableSearch).",
  );
};
