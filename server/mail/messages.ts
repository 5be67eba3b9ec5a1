import type { SupportedLanguage } from "../../contract/constants.ts";

/**
 * The words of every mail in the four UI languages. `{name}`-style placeholders are filled by
 * compose.ts; `action` is the label of the mail's one link (absent when it has none).
 */
export interface MailWords {
  subject: string;
  greeting: string;
  body: string;
  action?: string;
  footer: string;
}

export type MailKind =
  | "verifyEmail"
  | "resetPassword"
  | "signUpExisting"
  | "changeEmailVerify"
  | "changeEmailNotice"
  | "accountDeleted";

export const MAIL_WORDS: Record<SupportedLanguage, Record<MailKind, MailWords>> = {
  en: {
    verifyEmail: {
      subject: "Confirm your e-mail address for Follow",
      greeting: "Hello {name},",
      body: "Please confirm that {email} is your address. The link works once and expires in {hours} hours.",
      action: "Confirm my address",
      footer: "If you did not create a Follow account, you can ignore this mail.",
    },
    resetPassword: {
      subject: "Reset your Follow password",
      greeting: "Hello {name},",
      body: "Someone asked to reset the password of the Follow account for {email}. The link works once and expires in {hours} hours.",
      action: "Choose a new password",
      footer: "If it was not you, ignore this mail: your password stays as it is.",
    },
    signUpExisting: {
      subject: "Someone tried to create a Follow account with your address",
      greeting: "Hello {name},",
      body: "Someone tried to create a new Follow account for {email}, which already has one. If it was you, sign in instead, or reset your password if you forgot it.",
      action: "Sign in to Follow",
      footer: "If it was not you, no action is needed: no new account was created.",
    },
    changeEmailVerify: {
      subject: "Confirm your new e-mail address for Follow",
      greeting: "Hello {name},",
      body: "Please confirm that {email} should become the address of your Follow account. The link works once and expires in {hours} hours.",
      action: "Use this address",
      footer: "If you did not ask for this, ignore this mail: nothing changes.",
    },
    changeEmailNotice: {
      subject: "Your Follow account's e-mail address is being changed",
      greeting: "Hello {name},",
      body: "Someone signed in to your Follow account asked to change its address from {email} to {newEmail}. The change happens once the new address is confirmed.",
      footer: "If it was not you, change your password at once.",
    },
    accountDeleted: {
      subject: "Your Follow account was deleted",
      greeting: "Hello {name},",
      body: "The Follow account for {email} and everything it held were deleted.",
      footer: "If you did not do this, reply to this mail.",
    },
  },
  ja: {
    verifyEmail: {
      subject: "Follow のメールアドレスを確認してください",
      greeting: "{name} さん、こんにちは。",
      body: "{email} があなたのアドレスであることを確認してください。リンクは一度だけ使え、{hours} 時間で期限切れになります。",
      action: "アドレスを確認する",
      footer: "Follow のアカウントを作成していない場合は、このメールを無視してください。",
    },
    resetPassword: {
      subject: "Follow のパスワードをリセット",
      greeting: "{name} さん、こんにちは。",
      body: "{email} の Follow アカウントのパスワードのリセットが依頼されました。リンクは一度だけ使え、{hours} 時間で期限切れになります。",
      action: "新しいパスワードを設定する",
      footer: "心当たりがない場合は無視してください。パスワードは変わりません。",
    },
    signUpExisting: {
      subject: "あなたのアドレスで Follow アカウントの作成が試みられました",
      greeting: "{name} さん、こんにちは。",
      body: "すでにアカウントがある {email} で、新しい Follow アカウントの作成が試みられました。ご本人の場合はサインインするか、パスワードを忘れた場合はリセットしてください。",
      action: "Follow にサインイン",
      footer: "心当たりがない場合、対応は不要です。新しいアカウントは作成されていません。",
    },
    changeEmailVerify: {
      subject: "Follow の新しいメールアドレスを確認してください",
      greeting: "{name} さん、こんにちは。",
      body: "{email} を Follow アカウントのアドレスにすることを確認してください。リンクは一度だけ使え、{hours} 時間で期限切れになります。",
      action: "このアドレスを使う",
      footer: "心当たりがない場合は無視してください。何も変わりません。",
    },
    changeEmailNotice: {
      subject: "Follow アカウントのメールアドレスが変更されようとしています",
      greeting: "{name} さん、こんにちは。",
      body: "あなたの Follow アカウントで、アドレスを {email} から {newEmail} に変更する依頼がありました。新しいアドレスが確認されると変更されます。",
      footer: "心当たりがない場合は、すぐにパスワードを変更してください。",
    },
    accountDeleted: {
      subject: "Follow アカウントが削除されました",
      greeting: "{name} さん、こんにちは。",
      body: "{email} の Follow アカウントと、そのすべてのデータが削除されました。",
      footer: "心当たりがない場合は、このメールに返信してください。",
    },
  },
  "zh-CN": {
    verifyEmail: {
      subject: "确认你在 Follow 的电子邮件地址",
      greeting: "{name}，你好：",
      body: "请确认 {email} 是你的地址。链接只能使用一次，{hours} 小时后失效。",
      action: "确认我的地址",
      footer: "如果你没有创建 Follow 账户，请忽略此邮件。",
    },
    resetPassword: {
      subject: "重置你的 Follow 密码",
      greeting: "{name}，你好：",
      body: "有人请求重置 {email} 的 Follow 账户密码。链接只能使用一次，{hours} 小时后失效。",
      action: "设置新密码",
      footer: "如果不是你本人操作，请忽略此邮件，你的密码不会改变。",
    },
    signUpExisting: {
      subject: "有人尝试用你的地址创建 Follow 账户",
      greeting: "{name}，你好：",
      body: "有人尝试为已有账户的 {email} 创建新的 Follow 账户。如果是你本人，请直接登录；如果忘记了密码，请重置密码。",
      action: "登录 Follow",
      footer: "如果不是你本人操作，无需处理：没有创建新账户。",
    },
    changeEmailVerify: {
      subject: "确认你在 Follow 的新电子邮件地址",
      greeting: "{name}，你好：",
      body: "请确认将 {email} 设为你的 Follow 账户地址。链接只能使用一次，{hours} 小时后失效。",
      action: "使用此地址",
      footer: "如果你没有提出此请求，请忽略此邮件，什么都不会改变。",
    },
    changeEmailNotice: {
      subject: "你的 Follow 账户电子邮件地址正在更改",
      greeting: "{name}，你好：",
      body: "你的 Follow 账户请求将地址从 {email} 更改为 {newEmail}。新地址确认后即会更改。",
      footer: "如果不是你本人操作，请立即修改密码。",
    },
    accountDeleted: {
      subject: "你的 Follow 账户已删除",
      greeting: "{name}，你好：",
      body: "{email} 的 Follow 账户及其所有数据已被删除。",
      footer: "如果不是你本人操作，请回复此邮件。",
    },
  },
  "zh-TW": {
    verifyEmail: {
      subject: "確認你在 Follow 的電子郵件地址",
      greeting: "{name}，你好：",
      body: "請確認 {email} 是你的地址。連結只能使用一次，{hours} 小時後失效。",
      action: "確認我的地址",
      footer: "如果你沒有建立 Follow 帳號，請忽略此郵件。",
    },
    resetPassword: {
      subject: "重設你的 Follow 密碼",
      greeting: "{name}，你好：",
      body: "有人請求重設 {email} 的 Follow 帳號密碼。連結只能使用一次，{hours} 小時後失效。",
      action: "設定新密碼",
      footer: "如果不是你本人操作，請忽略此郵件，你的密碼不會改變。",
    },
    signUpExisting: {
      subject: "有人嘗試用你的地址建立 Follow 帳號",
      greeting: "{name}，你好：",
      body: "有人嘗試為已有帳號的 {email} 建立新的 Follow 帳號。如果是你本人，請直接登入；如果忘記了密碼，請重設密碼。",
      action: "登入 Follow",
      footer: "如果不是你本人操作，無需處理：沒有建立新帳號。",
    },
    changeEmailVerify: {
      subject: "確認你在 Follow 的新電子郵件地址",
      greeting: "{name}，你好：",
      body: "請確認將 {email} 設為你的 Follow 帳號地址。連結只能使用一次，{hours} 小時後失效。",
      action: "使用此地址",
      footer: "如果你沒有提出此請求，請忽略此郵件，什麼都不會改變。",
    },
    changeEmailNotice: {
      subject: "你的 Follow 帳號電子郵件地址正在變更",
      greeting: "{name}，你好：",
      body: "你的 Follow 帳號請求將地址從 {email} 變更為 {newEmail}。新地址確認後即會變更。",
      footer: "如果不是你本人操作，請立即修改密碼。",
    },
    accountDeleted: {
      subject: "你的 Follow 帳號已刪除",
      greeting: "{name}，你好：",
      body: "{email} 的 Follow 帳號及其所有資料已被刪除。",
      footer: "如果不是你本人操作，請回覆此郵件。",
    },
  },
};
