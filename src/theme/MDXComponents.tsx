import MDXComponents from '@theme-original/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import ApiEndpoint from '@site/src/components/ApiEndpoint';
import ApiField from '@site/src/components/ApiField';
import ApiFieldList from '@site/src/components/ApiFieldList';
import InlineCode from '@site/src/components/InlineCode';
import KeepWhole from '@site/src/components/KeepWhole';
import ScrollableTable from '@site/src/components/ScrollableTable';

/**
 * The theme's MDX components, with tables that scroll from the keyboard, and the components the
 * reference blocks of `plugins/remark-api-reference` expand to (tabs, the operation header and the
 * field reference), and the tokens `plugins/rehype-keep-words` keeps whole, also inside inline code.
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  code: InlineCode,
  Tabs,
  TabItem,
  ApiEndpoint,
  ApiFieldList,
  ApiField,
  KeepWhole,
};
