// A table of the area's lists (the audit log, a release's measures, failures and versions): a caption (hidden unless
// asked for), a header row, and below md each row read as a card with the column's name before each value (the
// cells' data-label, Admin.module.css).
import type { ReactNode } from 'react';
import styles from './Admin.module.css';

interface ListTableProps {
  caption: string;
  /** The caption's class when it should show (default: for screen readers only). */
  captionClassName?: string;
  columns: readonly string[];
  /** More classes for the table (e.g. headers that wrap). */
  className?: string;
  /** The rows (<tr>). */
  children: ReactNode;
}

export function ListTable({ caption, captionClassName, columns, className, children }: ListTableProps) {
  return (
    <div className={styles.tableScroll}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption className={captionClassName ?? styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
