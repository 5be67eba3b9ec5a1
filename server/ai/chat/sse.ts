/**
 * Server-sent events as the chat-completions API streams them: `data: {json}` lines separated
 * by blank lines, ending with `data: [DONE]`. Yields each event's data; tolerates CRLF, comment
 * lines and events split across chunks.
 */
export async function* sseData(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (data.length > 0) yield data.join("\n");
        data = [];
      } else if (line.startsWith("data:")) {
        data.push(line.slice(5).replace(/^ /, ""));
      }
      newline = buffer.indexOf("\n");
    }
  }
  const tail = buffer.replace(/\r$/, "");
  if (tail.startsWith("data:")) data.push(tail.slice(5).replace(/^ /, ""));
  if (data.length > 0) yield data.join("\n");
}
