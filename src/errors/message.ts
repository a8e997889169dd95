/**
 * Lazily translated text: an English template (the catalogue key) and its
 * parameters. It is rendered in the request's language only when the
 * response is written.
 */
export class Message {
  constructor(
    readonly template: string,
    readonly params: Readonly<Record<string, string>> = {},
  ) {}

  /** The message in `catalogue`'s language, English when the catalogue lacks it. */
  render(catalogue?: Readonly<Record<string, string>>): string {
    const template = (catalogue && Object.hasOwn(catalogue, this.template) ? catalogue[this.template] : undefined) ?? this.template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(this.params, name) ? this.params[name] : whole));
  }

  toString(): string {
    return this.render();
  }
}
