// The slice of domino's DOM (turndown's own parser) that the converters touch.

export interface DomNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
  firstChild: DomElement | null;
  lastChild: DomElement | null;
  nextSibling: DomElement | null;
  previousSibling: DomElement | null;
}
export interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  remove(): void;
  querySelector(selector: string): DomElement | null;
  hasAttributes(): boolean;
}
export interface DomDocument extends DomElement {
  title: string;
  body: DomElement | null;
  head: DomElement | null;
  documentElement: DomElement | null;
}
