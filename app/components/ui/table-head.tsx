/** A public table's header row: the last column holds figures and is right-aligned, as its cells are. */
export function TableHead({ columns, rowClassName }: { columns: readonly string[]; rowClassName: string }) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index === columns.length - 1 ? "py-2 text-right" : "py-2 pr-4"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
