import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  CloseIcon,
  PauseFilledIcon,
  PlayFilledIcon,
  SkipBackIcon,
  SkipForwardIcon,
  VolumeIcon,
} from "../ui/icons.tsx";
import { player, usePlayer } from "./index.ts";
import { bindMediaElement } from "./media.ts";
import { PLAYBACK_RATES, PLAYER_SEEK_STEP_S } from "./state.ts";
import { formatPlayerTime } from "./time.ts";

const ICON_BUTTON =
  "flex size-8 shrink-0 items-center justify-center rounded-full text-muted transition-colors " +
  "hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent " +
  "dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";

/** The player's distance from the window's bottom (bottom-4) plus a gap above it. */
const PLAYER_MARGIN_PX = 24;

declare global {
  interface Window {
    /** Test hook: the player API, for end-to-end tests and debugging from the console. */
    __followPlayer?: typeof player;
  }
}

/**
 * The corner player. Mounted once at the app root, outside the routed outlet, so it owns the
 * one media element and keeps playing while the user browses. Hidden until something plays.
 */
export function CornerPlayer() {
  const { t } = useTranslation("controls");
  const state = usePlayer();
  const media = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    window.__followPlayer = player;
    const unbind = bindMediaElement(element, player);
    return () => {
      unbind();
      if (window.__followPlayer === player) window.__followPlayer = undefined;
    };
  }, []);

  // While it shows, scrolled content gets room beneath it (.player-room in styles.css).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = section.current;
    const root = document.documentElement.style;
    if (!element || !state.show) {
      root.removeProperty("--player-room");
      return;
    }
    const measure = () =>
      root.setProperty("--player-room", `${Math.ceil(element.offsetHeight) + PLAYER_MARGIN_PX}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--player-room");
    };
  }, [state.show]);

  const playing = state.status !== "paused";
  const title = state.title ?? t("player.untitled");
  const nextRate =
    PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(state.playbackRate) + 1) % PLAYBACK_RATES.length] ?? 1;

  return (
    <section
      ref={section}
      aria-label={t("player.label")}
      hidden={!state.show}
      data-testid="corner-player"
      data-status={state.status}
      data-current-time={state.currentTime.toFixed(1)}
      className="fixed right-4 bottom-4 z-40 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-zinc-200 bg-white/95 shadow-xl backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      {/* One element plays audio and video alike; only video shows its picture. */}
      {/* biome-ignore lint/a11y/useMediaCaption: feed enclosures come without caption tracks. */}
      <video
        ref={media}
        preload="metadata"
        playsInline
        className={state.kind === "video" ? "aspect-video w-full bg-black" : "hidden"}
        data-testid="player-media"
      />
      <div className="flex items-center gap-3 p-3">
        {state.image && state.kind === "audio" ? (
          <img src={state.image} alt="" className="size-11 shrink-0 rounded-lg object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={title} data-testid="player-title">
            {title}
          </p>
          {state.feed ? (
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{state.feed}</p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => player.close()}
          aria-label={t("player.close")}
          className={ICON_BUTTON}
          data-testid="player-close"
        >
          <CloseIcon size={16} />
        </button>
      </div>

      <div className="px-3">
        <input
          type="range"
          min={0}
          max={state.duration || 0}
          step={1}
          value={Math.floor(state.currentTime)}
          disabled={!state.duration}
          onChange={(event) => player.seekTo(Number(event.target.value))}
          aria-label={t("player.position")}
          aria-valuetext={formatPlayerTime(state.currentTime)}
          className="h-1 w-full cursor-pointer accent-accent"
        />
        <div className="flex justify-between text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">
          <span data-testid="player-time">{formatPlayerTime(state.currentTime)}</span>
          <span data-testid="player-duration">{formatPlayerTime(state.duration)}</span>
        </div>
      </div>

      <div className="flex items-center gap-1 px-2 pb-2">
        <button
          type="button"
          onClick={() => player.mute()}
          aria-label={state.isMute ? t("player.unmute") : t("player.mute")}
          aria-pressed={state.isMute}
          className={ICON_BUTTON}
          data-testid="player-mute"
        >
          <VolumeIcon size={16} muted={state.isMute || state.volume === 0} />
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={state.isMute ? 0 : state.volume}
          onChange={(event) => player.setVolume(Number(event.target.value))}
          aria-label={t("player.volume")}
          className="h-1 w-16 cursor-pointer accent-accent"
        />
        <div className="flex flex-1 items-center justify-center gap-1">
          <button
            type="button"
            onClick={() => player.seek(-PLAYER_SEEK_STEP_S)}
            aria-label={t("player.seekBack", { seconds: PLAYER_SEEK_STEP_S })}
            className={ICON_BUTTON}
            data-testid="player-seek-back"
          >
            <SkipBackIcon size={16} />
          </button>
          <button
            type="button"
            onClick={() => player.toggle()}
            aria-label={playing ? t("player.pause") : t("player.play")}
            aria-busy={state.status === "loading" || undefined}
            className="flex size-10 items-center justify-center rounded-full bg-accent text-white shadow-sm transition-colors hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            data-testid="player-toggle"
          >
            {playing ? <PauseFilledIcon size={18} /> : <PlayFilledIcon size={18} />}
          </button>
          <button
            type="button"
            onClick={() => player.seek(PLAYER_SEEK_STEP_S)}
            aria-label={t("player.seekForward", { seconds: PLAYER_SEEK_STEP_S })}
            className={ICON_BUTTON}
            data-testid="player-seek-forward"
          >
            <SkipForwardIcon size={16} />
          </button>
        </div>
        <button
          type="button"
          onClick={() => player.setRate(nextRate)}
          aria-label={`${t("player.rate")}: ${state.playbackRate}×`}
          className="h-8 min-w-12 rounded-full px-2 text-xs font-semibold text-zinc-600 tabular-nums hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          data-testid="player-rate"
        >
          {state.playbackRate}×
        </button>
      </div>
      {state.status === "loading" ? (
        <p className="sr-only" role="status">
          {t("player.loading")}
        </p>
      ) : null}
    </section>
  );
}
