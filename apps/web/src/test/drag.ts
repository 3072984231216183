/**
 * Drag and drop for jsdom, which has neither DataTransfer nor DragEvent:
 * a DataTransfer kept in memory, and a DragEvent that carries the modifier
 * keys (a drop with Ctrl or Alt copies).
 */
export class MemoryDataTransfer {
  dropEffect = "none";
  effectAllowed = "all";
  files: File[];
  private readonly data = new Map<string, string>();

  constructor(files: File[] = []) {
    this.files = files;
  }

  get types(): string[] {
    return [...this.data.keys(), ...(this.files.length > 0 ? ["Files"] : [])];
  }

  setData(type: string, value: string): void {
    this.data.set(type, value);
  }

  getData(type: string): string {
    return this.data.get(type) ?? "";
  }
}

/** Makes fireEvent's drag events DragEvents, so that ctrlKey and altKey reach the handlers. */
export function installDragEvent(): void {
  const target = window as unknown as { DragEvent?: typeof MouseEvent };
  if (target.DragEvent) return;
  target.DragEvent = class DragEvent extends MouseEvent {};
}
