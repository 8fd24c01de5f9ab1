// A small menu tree as the menus list endpoint serves it: two directories, a page with two
// buttons, a page alone. The check tree and the role form tests read it.
export const MENUS = [
  { id: 1, parentId: 0, menuName: '系统管理', menuType: 'M', perms: null },
  { id: 2, parentId: 1, menuName: '用户管理', menuType: 'C', perms: 'sys:users:list' },
  { id: 3, parentId: 2, menuName: '新增', menuType: 'F', perms: 'sys:users:create' },
  { id: 4, parentId: 2, menuName: '删除', menuType: 'F', perms: 'sys:users:delete' },
  { id: 5, parentId: 0, menuName: '内容管理', menuType: 'M', perms: null },
  { id: 6, parentId: 5, menuName: '栏目管理', menuType: 'C', perms: 'cms:contentCategorys:list' },
];
