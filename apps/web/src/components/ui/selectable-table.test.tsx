import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type SelectableColumn, SelectableTable, type SortDirection } from "./selectable-table.tsx";

interface Track {
  id: string;
  title: string;
}

const TRACKS: Track[] = [
  { id: "a", title: "Утро" },
  { id: "b", title: "Вечер" },
];

/** The table holding its own selection and order, as the library's screens do. */
function Tracks({
  rows = TRACKS,
  initial = [],
  loading = false,
  onSelection,
}: {
  rows?: Track[];
  initial?: string[];
  loading?: boolean;
  onSelection?: (selected: Set<string>) => void;
}) {
  const [selected, setSelected] = useState(new Set(initial));
  const [order, setOrder] = useState<SortDirection>("asc");
  const columns: SelectableColumn<Track>[] = [
    {
      key: "title",
      header: "Название",
      className: "entries-table__name",
      sort: { active: order, onSort: setOrder },
      render: (track) => track.title,
    },
    { key: "id", header: "Код", render: (track) => track.id },
  ];
  const sorted = [...rows].sort(
    (a, b) => a.title.localeCompare(b.title, "ru") * (order === "asc" ? 1 : -1),
  );
  return (
    <SelectableTable
      caption="Треки"
      columns={columns}
      rows={sorted}
      rowKey={(track) => track.id}
      rowName={(track) => track.title}
      selected={selected}
      onSelect={(next) => {
        setSelected(next);
        onSelection?.(next);
      }}
      loading={loading}
      empty={<p>Треков нет</p>}
    />
  );
}

describe("SelectableTable", () => {
  it("selects one row by its named checkbox and marks the row", async () => {
    const user = userEvent.setup();
    let last = new Set<string>();
    render(<Tracks onSelection={(next) => (last = next)} />);
    await user.click(screen.getByLabelText("Выбрать «Утро»"));
    expect([...last]).toEqual(["a"]);
    const row = screen.getByLabelText("Выбрать «Утро»").closest("tr");
    expect(row?.className).toBe("entries-table__row is-selected");
    expect((screen.getByLabelText("Выбрать все") as HTMLInputElement).checked).toBe(false);
  });

  it("chooses every row shown and keeps what was chosen on other pages; clearing takes only these", async () => {
    const user = userEvent.setup();
    let last = new Set<string>();
    render(<Tracks initial={["elsewhere"]} onSelection={(next) => (last = next)} />);
    await user.click(screen.getByLabelText("Выбрать все"));
    expect([...last].sort()).toEqual(["a", "b", "elsewhere"]);
    expect((screen.getByLabelText("Выбрать все") as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText("Выбрать все"));
    expect([...last]).toEqual(["elsewhere"]);
  });

  it("sorts by a column's header button and says the order", async () => {
    const user = userEvent.setup();
    render(<Tracks />);
    const titles = () =>
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[1]?.textContent);
    expect(titles()).toEqual(["Вечер", "Утро"]);
    const header = screen.getByRole("columnheader", { name: /Название/ });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    await user.click(within(header).getByRole("button"));
    expect(titles()).toEqual(["Утро", "Вечер"]);
    expect(header.getAttribute("aria-sort")).toBe("descending");
  });

  it("names each cell by its column for the stacked narrow layout", () => {
    render(<Tracks />);
    const cell = screen.getByText("Утро").closest("td");
    expect(cell?.getAttribute("data-label")).toBe("Название");
    expect(cell?.className).toBe("entries-table__name");
  });

  it("shows placeholders spanning every column while loading, then the empty state", () => {
    const { rerender } = render(<Tracks rows={[]} loading />);
    const placeholder = screen.getAllByRole("row")[1]?.querySelector("td");
    expect(placeholder?.getAttribute("colspan")).toBe("3");
    expect(screen.queryByText("Треков нет")).toBeNull();
    rerender(<Tracks rows={[]} />);
    expect(screen.getByText("Треков нет")).toBeTruthy();
    expect((screen.getByLabelText("Выбрать все") as HTMLInputElement).disabled).toBe(true);
  });
});
