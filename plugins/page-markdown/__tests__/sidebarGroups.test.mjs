// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sidebarGroups } from '../sidebarGroups.mjs';

/** The shape of the docs plugin's loaded sidebar: a top-level doc, a category with nested ones, links. */
const SIDEBAR = /** @type {const} */ ([
  { type: 'doc', id: 'index', label: 'Introduction' },
  {
    type: 'category',
    label: 'Accounts API',
    link: { type: 'doc', id: 'accounts-api/index' },
    items: [
      { type: 'doc', id: 'accounts-api/overview' },
      {
        type: 'category',
        label: 'Endpoints',
        items: [
          { type: 'doc', id: 'accounts-api/endpoints/get-account' },
          {
            type: 'category',
            label: 'New account',
            link: { type: 'doc', id: 'accounts-api/endpoints/new-account/index' },
            items: [{ type: 'ref', id: 'accounts-api/endpoints/new-account/attributes' }],
          },
        ],
      },
      { type: 'link' },
      { type: 'category', label: 'Links only', items: [{ type: 'html' }] },
      { type: 'doc', id: 'accounts-api/appendix' },
    ],
  },
  { type: 'link' },
]);

test('one group per top-level item, with its pages in sidebar order (a category’s own page first)', () => {
  const groups = sidebarGroups(SIDEBAR);
  assert.deepEqual(
    groups.map(({ label, docIds }) => ({ label, docIds })),
    [
      { label: 'Introduction', docIds: ['index'] },
      {
        label: 'Accounts API',
        docIds: [
          'accounts-api/index',
          'accounts-api/overview',
          'accounts-api/endpoints/get-account',
          'accounts-api/endpoints/new-account/index',
          'accounts-api/endpoints/new-account/attributes',
          'accounts-api/appendix',
        ],
      },
      { label: undefined, docIds: [] },
    ],
  );
});

test('a group keeps the sidebar’s nested categories with their pages; a category without a page is left out', () => {
  const [introduction, accounts] = sidebarGroups(SIDEBAR);
  assert.deepEqual(introduction?.items, [{ type: 'doc', id: 'index' }]);
  assert.deepEqual(accounts?.items, [
    { type: 'doc', id: 'accounts-api/index' },
    { type: 'doc', id: 'accounts-api/overview' },
    {
      type: 'category',
      label: 'Endpoints',
      items: [
        { type: 'doc', id: 'accounts-api/endpoints/get-account' },
        {
          type: 'category',
          label: 'New account',
          items: [
            { type: 'doc', id: 'accounts-api/endpoints/new-account/index' },
            { type: 'doc', id: 'accounts-api/endpoints/new-account/attributes' },
          ],
        },
      ],
    },
    { type: 'doc', id: 'accounts-api/appendix' },
  ]);
});
