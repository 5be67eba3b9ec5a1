import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { playServerSpeech } from "../../services/ai/speech-audio.ts";
import { aiCapabilities } from "../../services/ai/translation.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useRead } from "../../services/server-read.ts";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { PauseIcon, PlayIcon } from "../../ui/icons.tsx";
import { togglePlayback, useAudioPlaying } from "../timeline/audio-bridge.ts";
import { sanitizeContent } from "./sanitize.ts";
import { speechSentences } from "./speech.ts";
import { speechUrl } from "./speech-url.ts";

type Status = "idle" | "playing" | "paused";

/** Text of the entry's HTML, as read aloud (parsed only once sanitized, like the content). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(sanitizeContent(html), "text/html").body.textContent ?? "";
}

/**
 * Reads the entry aloud: with the server's speech provider when its operator configured one,
 * else with the browser's speech synthesis, a sentence at a time (voice from
 * the `voice` setting, else the system's), with play/pause/stop; the sentence being read is
 * shown highlighted under the controls.
 */
export function ReadAloud(props: { entryId: string; title: string | null; html: string | null }) {
  const reader = useRuntime();
  const serverSpeech = useServerSpeech(reader);
  if (reader && serverSpeech && props.html) {
    return (
      <ServerReadAloud
        key={props.entryId}
        reader={reader}
        entryId={props.entryId}
        title={props.title}
      />
    );
  }
  return <BrowserReadAloud {...props} />;
}

/** Whether the server reads aloud (its operator configured a speech provider). */
function useServerSpeech(reader: RuntimeServices | undefined): boolean {
  const capabilities = useRead(reader?.api, "capabilities", aiCapabilities);
  return capabilities.status === "ready" && capabilities.data.speech === true;
}

type ServerStatus = "idle" | "loading" | "playing" | "paused" | "failed";

/**
 * Reads the entry with the server's speech provider: its audio plays while it streams in, with
 * play/pause/stop (no sentence highlight: the audio says nothing of where it is in the text).
 */
function ServerReadAloud(props: {
  reader: RuntimeServices;
  entryId: string;
  title: string | null;
}) {
  const { t } = useTranslation("ai");
  const src = speechUrl(props.entryId);
  const inPlayer = useAudioPlaying(src, props.entryId);
  const audio = useRef<HTMLAudioElement>(null);
  const running = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<ServerStatus>("idle");

  // Leaving the entry stops the audio and its download.
  useEffect(() => () => running.current?.abort(), []);

  function play() {
    const element = audio.current;
    if (!element) return;
    if (status === "paused") {
      void element.play();
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus("loading");
    playServerSpeech(props.reader.api, props.entryId, element, controller.signal).catch(() => {
      if (!controller.signal.aborted) setStatus("failed");
    });
  }

  function stop() {
    running.current?.abort();
    running.current = null;
    const element = audio.current;
    if (element) {
      element.pause();
      element.removeAttribute("src");
      element.load();
    }
    setStatus("idle");
  }

  return (
    <div
      className="mt-3 space-y-2"
      data-testid="read-aloud"
      data-state={status}
      data-source="server"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: speech of the text shown on the page. */}
      <audio
        ref={audio}
        className="hidden"
        onPlaying={() => setStatus("playing")}
        onPause={() => setStatus((now) => (now === "playing" ? "paused" : now))}
        onEnded={() => setStatus("idle")}
        data-testid="read-aloud-audio"
      />
      <div className="flex items-center gap-2">
        {status === "playing" ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => audio.current?.pause()}
            data-testid="read-aloud-pause"
          >
            <PauseIcon size={16} />
            {t("speech.pause")}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={play}
            loading={status === "loading"}
            title={t("speech.server")}
            data-testid="read-aloud-play"
          >
            <PlayIcon size={16} />
            {status === "paused"
              ? t("speech.resume")
              : status === "loading"
                ? t("speech.loading")
                : t("speech.read")}
          </Button>
        )}
        {status !== "idle" && status !== "failed" ? (
          <Button variant="ghost" size="sm" onClick={stop} data-testid="read-aloud-stop">
            {t("speech.stop")}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            stop();
            // The corner player keeps it going across entries and remembers where it stopped.
            togglePlayback({
              src,
              entryId: props.entryId,
              title: props.title ?? "",
              kind: "audio",
            });
          }}
          data-testid="read-aloud-listen"
          data-playing={inPlayer ? "1" : "0"}
        >
          {inPlayer ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
          {t("speech.listen")}
        </Button>
      </div>
      {status === "failed" ? (
        <p className="text-sm text-red-600" role="alert">
          {t("speech.failed")}
        </p>
      ) : null}
    </div>
  );
}

function BrowserReadAloud(props: { entryId: string; title: string | null; html: string | null }) {
  const { t } = useTranslation("ai");
  const { voice } = useGeneralSettings();
  const [status, setStatus] = useState<Status>("idle");
  const [index, setIndex] = useState(0);
  const sentences = useRef<string[]>([]);
  const run = useRef(0);
  const supported = typeof window !== "undefined" && "speechSynthesis" in window;

  // A new entry (or leaving the pane) stops reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry is what restarts it.
  useEffect(() => {
    return () => {
      run.current += 1;
      if (supported) window.speechSynthesis.cancel();
    };
  }, [props.entryId, supported]);

  if (!props.html) return null;
  // Neither the server nor this browser can speak: said, rather than a button that does nothing.
  if (!supported)
    return (
      <p className="mt-3 text-sm text-muted" data-testid="read-aloud-unavailable">
        {t("speech.noEngine")}
      </p>
    );

  function speakFrom(at: number, token: number) {
    const sentence = sentences.current[at];
    if (sentence === undefined || token !== run.current) {
      if (token === run.current) setStatus("idle");
      return;
    }
    setIndex(at);
    const utterance = new SpeechSynthesisUtterance(sentence);
    const chosen = voice
      ? window.speechSynthesis.getVoices().find((v) => v.name === voice || v.voiceURI === voice)
      : undefined;
    if (chosen) {
      utterance.voice = chosen;
      utterance.lang = chosen.lang;
    }
    utterance.onend = () => speakFrom(at + 1, token);
    utterance.onerror = (event) => {
      // "interrupted"/"canceled" come from our own stop; anything else skips the sentence.
      if (event.error !== "interrupted" && event.error !== "canceled") speakFrom(at + 1, token);
    };
    window.speechSynthesis.speak(utterance);
  }

  function play() {
    const synth = window.speechSynthesis;
    if (status === "paused") {
      synth.resume();
      setStatus("playing");
      return;
    }
    synth.cancel();
    sentences.current = speechSentences(
      `${props.title ? `${props.title}. ` : ""}${textOf(props.html!)}`,
    );
    run.current += 1;
    setStatus("playing");
    speakFrom(0, run.current);
  }

  function pause() {
    window.speechSynthesis.pause();
    setStatus("paused");
  }

  function stop() {
    run.current += 1;
    window.speechSynthesis.cancel();
    setStatus("idle");
  }

  const current = status === "idle" ? null : sentences.current[index];
  return (
    <div className="mt-3 space-y-2" data-testid="read-aloud" data-state={status}>
      <div className="flex items-center gap-2">
        {status === "playing" ? (
          <Button variant="outline" size="sm" onClick={pause} data-testid="read-aloud-pause">
            <PauseIcon size={16} />
            {t("speech.pause")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={play} data-testid="read-aloud-play">
            <PlayIcon size={16} />
            {status === "paused" ? t("speech.resume") : t("speech.read")}
          </Button>
        )}
        {status !== "idle" ? (
          <Button variant="ghost" size="sm" onClick={stop} data-testid="read-aloud-stop">
            {t("speech.stop")}
          </Button>
        ) : null}
      </div>
      {current ? (
        <p className="text-sm" aria-live="polite">
          <mark
            className="rounded bg-accent-soft px-1 text-inherit"
            data-testid="read-aloud-sentence"
          >
            {current}
          </mark>
        </p>
      ) : null}
    </div>
  );
}
