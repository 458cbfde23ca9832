import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** The theme's MDX components, with tables that scroll from the keyboard. */
export default {
  ...MDXComponents,
  table: ScrollableTable,
};
