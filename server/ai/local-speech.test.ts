import { describe, expect, it } from "vitest";
import { withTrueLength } from "./local-speech.ts";

/** A WAV header as a pipe gets it: placeholder sizes, then `data` bytes of audio. */
function pipedWav(data: number): Buffer {
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(0x7fffffff, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(0x7fffffff, 40);
  return wav;
}

describe("a local engine's WAV", () => {
  it("states its true length once whole", () => {
    const wav = withTrueLength(pipedWav(1000));
    expect(wav.readUInt32LE(4)).toBe(1036);
    expect(wav.readUInt32LE(40)).toBe(1000);
  });

  it("leaves what is no WAV as it is", () => {
    const other = Buffer.from("OggS and more bytes of another format, long enough to look at");
    expect(withTrueLength(Buffer.from(other)).equals(other)).toBe(true);
  });
});
