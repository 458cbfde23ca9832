import MDXComponents from '@theme-original/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import ApiEndpoint from '@site/src/components/ApiEndpoint';
import ScrollableTable from '@site/src/components/ScrollableTable';

/**
 * The theme's MDX components, with tables that scroll from the keyboard, and the components the
 * reference blocks of `plugins/remark-api-reference` expand to (tabs and the operation header).
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  Tabs,
  TabItem,
  ApiEndpoint,
};
