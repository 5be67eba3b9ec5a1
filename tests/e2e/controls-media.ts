import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A mono 8-bit PCM WAV of a quiet 440 Hz tone, `seconds` long. */
export function toneWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const wav = Buffer.alloc(44 + samples);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate, 28); // byte rate
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    wav[44 + i] = 128 + Math.round(20 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  }
  return wav;
}

export interface MediaServer {
  url(path: string): string;
  close(): Promise<void>;
}

/** Serves one WAV on 127.0.0.1 with byte ranges, as media elements need to seek. */
export async function startMediaServer(wav: Buffer): Promise<MediaServer> {
  const server: Server = createServer((request, response) => {
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
    const headers = {
      "content-type": "audio/wav",
      "accept-ranges": "bytes",
      "access-control-allow-origin": "*",
    };
    if (!range) {
      response.writeHead(200, { ...headers, "content-length": wav.length });
      response.end(wav);
      return;
    }
    const start = range[1] ? Number(range[1]) : 0;
    const end = range[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
    response.writeHead(206, {
      ...headers,
      "content-length": end - start + 1,
      "content-range": `bytes ${start}-${end}/${wav.length}`,
    });
    response.end(wav.subarray(start, end + 1));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
