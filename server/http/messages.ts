// What the server says when it refuses a request, in both languages the app speaks. The answer
// carries the one the request asks for (Accept-Language, http/lang.ts), so a Chinese page shows
// 服务器内部错误 where an English one shows "internal server error". The English texts the app
// or the specification reacts to stay those of runtime/contract.ts.
import {
  INTERNAL_ERROR_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  TOKEN_FAILED_MESSAGES,
} from '../../runtime/contract.ts';
import type { I18n } from '../../runtime/schema/types.ts';

export const SERVER_MESSAGES = {
  tokenFailed: TOKEN_FAILED_MESSAGES,
  internalError: { zh: '服务器内部错误', en: INTERNAL_ERROR_MESSAGE },
  passwordChangeRequired: { zh: '请先修改初始密码', en: PASSWORD_CHANGE_REQUIRED_MESSAGE },
  loginFailed: { zh: '用户名或密码错误', en: LOGIN_FAILED_MESSAGE },
  accountFrozen: { zh: '账号已被冻结', en: 'account is frozen' },
  notFound: { zh: '请求的资源不存在', en: 'not found' },
  fileNotFound: { zh: '文件不存在', en: 'file not found' },
  notAnImage: { zh: '这里只能上传图片', en: 'only a picture can be uploaded here' },
  unreadableImage: { zh: '图片无法读取', en: 'the picture cannot be read' },
  validationFailed: { zh: '数据校验失败', en: 'validation failed' },
  badRequest: { zh: '请求有误', en: 'bad request' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'too many requests' },
  tooManyLogins: {
    zh: '该地址登录失败次数过多，请稍后再试',
    en: 'too many failed logins from this address; try again later',
  },
  tooManySubmissions: {
    zh: '该地址提交过于频繁，请稍后再试',
    en: 'too many submissions from this address; try again later',
  },
  bodyTooLarge: { zh: '请求内容过大', en: 'request body too large' },
  unsupportedContentType: { zh: '不支持的内容类型', en: 'unsupported content type' },
  noAccessRule: { zh: '该接口未声明访问规则', en: 'this route declares no access rule' },
  ownPasswordOnly: { zh: '只能修改自己的密码', en: 'you can change only your own password' },
  fileOfAnotherUser: { zh: '该文件属于其他用户', en: 'this file belongs to another user' },
  filesInUse: {
    zh: '部分文件正在被使用或刚刚上传，未删除任何文件',
    en: 'some of the files are in use or newly uploaded; none was removed',
  },
  filesMissing: {
    zh: '部分文件不存在，未删除任何文件',
    en: 'some of the files do not exist; none was removed',
  },
  unusedRemovalRefused: {
    zh: '只有管理员可以删除未使用的文件',
    en: 'only an administrator can remove unused files',
  },
  fileDeleteRefused: {
    zh: '只有文件的上传者或管理员可以删除它',
    en: 'only the owner of a file or an administrator may delete it',
  },

  // field messages of the rules users, roles and batch updates add to the generic CRUD
  ownAccountDelete: { zh: '不能删除自己的账号', en: 'you cannot delete your own account' },
  ownAccountFreeze: { zh: '不能冻结自己的账号', en: 'you cannot freeze your own account' },
  adminRoleDisabled: { zh: '管理员角色不能停用', en: 'the administrator role cannot be disabled' },
  adminRoleDeleted: { zh: '管理员角色不能删除', en: 'the administrator role cannot be deleted' },
  wrongCurrentPassword: { zh: '当前密码不正确', en: 'the current password is not correct' },
  samePassword: { zh: '新密码不能与当前密码相同', en: 'the new password must differ from the current one' },
  noFieldToSet: { zh: '没有要修改的字段', en: 'no field to set' },
} satisfies Record<string, I18n>;

/** The administrator role's key is fixed: the permission checks know it. */
export function adminRoleKeyMessage(key: string): I18n {
  return { zh: `管理员角色的标识必须是 ${key}`, en: `the key of the administrator role stays ${key}` };
}

/** A permission the session lacks, named by its code (the codes are the same in both languages). */
export function missingPermissionMessage(codes: readonly string[]): I18n {
  return {
    zh: `没有权限：${codes.join(' 或 ')}`,
    en: `missing permission ${codes.join(' or ')}`,
  };
}

/** A role switch to a role the user does not hold. */
export function roleNotHeldMessage(roleKey: string): I18n {
  return { zh: `您没有角色 ${roleKey}`, en: `you do not hold the role ${roleKey}` };
}

/** An account locked after failed logins, with the minutes until it opens. */
export function lockedMessage(minutes: number): I18n {
  return {
    zh: `登录失败次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
    en: `account locked after repeated failed logins; try again in ${minutes} min`,
  };
}

/**
 * A list's query string refused: each parameter named with what it should be, so a page that
 * shows only the message (a list's toast) still says which one to fix. A parameter's own message
 * may already be in one language (the request's); the answer is given in that one.
 */
export function listParametersMessage(errors: Record<string, string | I18n>): I18n {
  const each = (lang: keyof I18n, join: string) =>
    Object.entries(errors)
      .map(([name, text]) => `${name}: ${typeof text === 'string' ? text : text[lang]}`)
      .join(join);
  return { zh: `列表参数有误：${each('zh', '；')}`, en: `invalid list parameters: ${each('en', '; ')}` };
}

type Named = { name: string; singular: I18n };

/** A row that does not exist: by what one row is called in Chinese, by the resource in English. */
export function rowNotFoundMessage(resource: Named, id: number | string): I18n {
  return { zh: `${resource.singular.zh} ${id} 不存在`, en: `${resource.name} ${id} not found` };
}

/** Rows of a batch that do not exist, every id listed. */
export function missingRowsMessage(resource: Named, ids: ReadonlyArray<number | string>): I18n {
  const list = ids.join(', ');
  return { zh: `${resource.singular.zh} ${list} 不存在`, en: `${resource.name} not found: ${list}` };
}
