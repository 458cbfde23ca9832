/** A response's body as the Try it panel shows it (`text`: indented JSON, the text, or a note for bytes) and checks it (`parsed`). */
export async function readBody(response: Response): Promise<{ text: string; parsed: unknown }> {
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    const text = await response.text();
    try {
      const parsed: unknown = JSON.parse(text);
      return { text: JSON.stringify(parsed, null, 2), parsed };
    } catch {
      return { text, parsed: text };
    }
  }
  if (type.startsWith('text/') || type === '') {
    const text = await response.text();
    return { text, parsed: text };
  }
  const bytes = (await response.arrayBuffer()).byteLength;
  return { text: `(${bytes} bytes of ${type})`, parsed: undefined };
}
