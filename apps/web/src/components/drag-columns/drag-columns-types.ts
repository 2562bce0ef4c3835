/** An item of the master list on the right, e.g. a barrier of the catalogue. */
export interface ColumnItem {
  id: number;
  name: string;
  description: string | null;
  /** The tab or heading it is listed under; none when the list has no categories. */
  category?: string | null;
}

/** An item on the left, already chosen (e.g. a barrier on the plan). */
export interface ColumnEntry {
  /** Stable while the list is edited: the same item may be chosen twice (an 'Other' with two names). */
  key: string;
  /** What the item is called here: an 'Other' item shows the name it was given. */
  name: string;
  description: string | null;
  /** A second line, e.g. a training's date and NOC. */
  detail?: string | null;
  /** Short tags beside the name, e.g. 'Other' or 'No longer offered'. */
  badges?: readonly string[];
}

/** Every word the editor shows or announces; the screen that uses it supplies them. */
export interface DragColumnsLabels {
  selectedTitle: string;
  availableTitle: string;
  /** Shown in the left column while it is empty. */
  empty: string;
  search: string;
  noResults: string;
  /** A category whose items are all chosen already. */
  noneLeft: string;
  /** The Add button of a master item, e.g. 'Add Childcare to the plan'. */
  add: (name: string) => string;
  /** The remove button of a chosen item. */
  remove: (name: string) => string;
  /** Told to screen readers on reaching a draggable item. */
  instructions: string;
  pickedUp: (name: string) => string;
  overColumn: (name: string, column: string) => string;
  overPosition: (name: string, position: number, total: number) => string;
  added: (name: string, column: string) => string;
  moved: (name: string, position: number, total: number) => string;
  removed: (name: string, column: string) => string;
  droppedNowhere: (name: string) => string;
  cancelled: (name: string) => string;
}
