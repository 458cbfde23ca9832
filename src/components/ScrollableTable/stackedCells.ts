import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/** Tables with at least this many columns are shown as one card per row on a phone (two-column ones too). */
export const STACK_FROM_COLUMNS = 2;

type ElementWithChildren = ReactElement<{ children?: ReactNode }>;

const isElement = (node: ReactNode): node is ElementWithChildren => isValidElement(node);

/** The plain text of a piece of React content (a header cell's label). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isElement(node)) return textOf(node.props.children);
  return '';
}

const elementsOf = (node: ReactNode): ElementWithChildren[] => Children.toArray(node).filter(isElement);
const typeName = (element: ElementWithChildren): string => (typeof element.type === 'string' ? element.type : '');

/** The header labels of a table's first `thead` row. */
export function columnLabels(children: ReactNode): string[] {
  const head = elementsOf(children).find((element) => typeName(element) === 'thead');
  const headerRow = head ? elementsOf(head.props.children).find((element) => typeName(element) === 'tr') : undefined;
  return headerRow ? elementsOf(headerRow.props.children).map((cell) => textOf(cell.props.children).trim()) : [];
}

/**
 * The table's rows with each body cell labelled by its column (`data-label`), for the phone layout
 * that shows one card per row with the column names above the values. Explicit table roles keep
 * the table a table for assistive technology when CSS lays it out as blocks.
 */
export function withColumnLabels(children: ReactNode, labels: readonly string[]): ReactNode {
  const role = (element: ElementWithChildren, value: string) => cloneElement(element, { role: value } as object);
  return Children.map(children, (section) => {
    if (!isElement(section)) return section;
    const sectionType = typeName(section);
    if (sectionType !== 'thead' && sectionType !== 'tbody') return section;
    return cloneElement(
      section,
      { role: 'rowgroup' } as object,
      Children.map(section.props.children, (row) => {
        if (!isElement(row) || typeName(row) !== 'tr') return row;
        let column = 0;
        return cloneElement(
          row,
          { role: 'row' } as object,
          Children.map(row.props.children, (cell) => {
            if (!isElement(cell)) return cell;
            if (typeName(cell) === 'th') return role(cell, 'columnheader');
            const label = labels[column];
            column += 1;
            return cloneElement(cell, { role: 'cell', 'data-label': label } as object);
          }),
        );
      }),
    );
  });
}
