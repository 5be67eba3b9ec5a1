import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  imageProblem,
  PROFILE_LIMITS,
  profileProblem,
  SOCIAL_NETWORKS,
} from "../../../contract/profile-fields.ts";
import type { SessionUser } from "../../../contract/session.ts";
import { useSession, useSessionService } from "../../session/session-context.tsx";
import { Button } from "../../ui/button.tsx";
import { Field, HINT_CLASS, LABEL_CLASS } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { AchievementAuditsSection } from "../achievements/achievement-audits-section.tsx";
import { AchievementsSection } from "../achievements/achievements-section.tsx";
import { PageHeader } from "../page.tsx";
import { AvatarUpload } from "./account/avatar-upload.tsx";
import { FormMessage } from "./account/form-message.tsx";
import { useAccountAction } from "./account/use-account-action.ts";

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  discord: "Discord",
  facebook: "Facebook",
  github: "Github",
  instagram: "Instagram",
  twitter: "Twitter",
  youtube: "Youtube",
};

interface Draft {
  name: string;
  handle: string;
  image: string;
  bio: string;
  website: string;
  socialLinks: Record<string, string>;
}

function draftOf(user: SessionUser): Draft {
  return {
    name: user.name,
    handle: user.handle ?? "",
    image: user.image ?? "",
    bio: user.bio ?? "",
    website: user.website ?? "",
    socialLinks: { ...user.socialLinks },
  };
}

/** The first thing wrong with the draft, in words, or undefined. */
function draftProblem(draft: Draft, t: (key: string) => string): string | undefined {
  if (!draft.name.trim()) return t("profile.nameRequired");
  if (profileProblem("handle", draft.handle)) return t("profile.handleInvalid");
  if (profileProblem("website", draft.website)) return t("profile.websiteInvalid");
  if (imageProblem(draft.image.trim())) return t("profile.imageInvalid");
  if (profileProblem("socialLinks", draft.socialLinks)) return t("profile.socialInvalid");
  return undefined;
}

/** /settings/profile: name, handle, avatar address, bio, website and social links. */
export function ProfileSettingsPage() {
  const { t } = useTranslation("accounts");
  const { user } = useSession();
  return (
    <section data-testid="settings-page-profile">
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <div className="space-y-6 p-6">
        {/* Keyed by user: another account signing in starts from its own profile. */}
        {user ? <ProfileForm key={user.id} user={user} /> : null}
        {user ? <AchievementsSection key={`achievements-${user.id}`} /> : null}
        <AchievementAuditsSection />
      </div>
    </section>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation("accounts");
  const session = useSessionService();
  const action = useAccountAction();
  const [draft, setDraft] = useState(() => draftOf(user));
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = draftProblem(draft, t);
    if (problem) return action.setError({ message: problem });
    const done = await action.run(() =>
      session.updateProfile({
        name: draft.name.trim(),
        handle: draft.handle.trim(),
        image: draft.image.trim() || null,
        bio: draft.bio.trim(),
        website: draft.website.trim(),
        socialLinks: Object.fromEntries(
          Object.entries(draft.socialLinks).map(([network, id]) => [network, id.trim()]),
        ),
      }),
    );
    if (done) setSaved(true);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="profile-form">
      <SettingsSection title={t("profile.identity")}>
        <div className="space-y-3 p-4">
          <div className="flex items-center gap-3" data-testid="profile-preview">
            {user.image ? (
              <img
                src={user.image}
                alt=""
                className="size-12 rounded-full object-cover"
                referrerPolicy="no-referrer"
              />
            ) : (
              <span className="flex size-12 items-center justify-center rounded-full bg-accent text-lg font-semibold text-white">
                {(user.name || "?").slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-medium" data-testid="profile-preview-name">
                {user.name}
              </p>
              <p className="truncate text-sm text-zinc-500" data-testid="profile-preview-handle">
                {user.handle ? `@${user.handle}` : t("profile.noHandle")}
              </p>
            </div>
          </div>
          <Field
            label={t("profile.name")}
            value={draft.name}
            maxLength={PROFILE_LIMITS.name}
            onChange={(event) => set({ name: event.target.value })}
            data-testid="profile-name"
          />
          <Field
            label={t("profile.handle")}
            hint={t("profile.handleHint")}
            value={draft.handle}
            maxLength={PROFILE_LIMITS.handle}
            onChange={(event) => set({ handle: event.target.value })}
            data-testid="profile-handle"
          />
          {/* The form's image follows the upload, so a later save keeps it. */}
          <AvatarUpload onUploaded={(url) => setDraft((current) => ({ ...current, image: url }))} />
          <Field
            label={t("profile.image")}
            hint={t("profile.imageHint")}
            type="url"
            value={draft.image}
            onChange={(event) => set({ image: event.target.value })}
            data-testid="profile-image"
          />
          <div>
            <label htmlFor="profile-bio" className={LABEL_CLASS}>
              {t("profile.bio")}
            </label>
            <textarea
              id="profile-bio"
              value={draft.bio}
              maxLength={PROFILE_LIMITS.bio}
              rows={3}
              onChange={(event) => set({ bio: event.target.value })}
              data-testid="profile-bio"
              className="block w-full rounded-lg border border-zinc-300 bg-white p-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
            />
            <p className={`mt-1 ${HINT_CLASS}`}>
              {t("profile.bioHint", { count: PROFILE_LIMITS.bio - draft.bio.length })}
            </p>
          </div>
          <Field
            label={t("profile.website")}
            type="url"
            value={draft.website}
            maxLength={PROFILE_LIMITS.website}
            onChange={(event) => set({ website: event.target.value })}
            data-testid="profile-website"
          />
        </div>
      </SettingsSection>
      <SettingsSection title={t("profile.social")}>
        <div className="grid gap-3 p-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              label={SOCIAL_LABELS[network]}
              value={draft.socialLinks[network] ?? ""}
              maxLength={PROFILE_LIMITS.socialId}
              onChange={(event) =>
                set({ socialLinks: { ...draft.socialLinks, [network]: event.target.value } })
              }
              data-testid={`profile-social-${network}`}
            />
          ))}
        </div>
      </SettingsSection>
      <FormMessage
        error={action.error}
        success={saved ? t("profile.saved") : null}
        testId="profile"
      />
      <Button type="submit" loading={action.busy} data-testid="profile-save">
        {t("profile.save")}
      </Button>
    </form>
  );
}
