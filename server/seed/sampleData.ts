// The sample school a first start shows: 明德实验学校 (a made-up school) with its columns,
// a year of news and notices, offices, links, mailboxes and a few messages from the public.
// Rows name what they refer to by label (a category by its name), so the seed resolves them
// against whatever the tables hold. Times are offsets from the moment of seeding.

export const SCHOOL = {
  companyName: '明德实验学校',
  shortName: '明德实验',
  englishName: 'Mingde Experimental School',
  address: '江南市学府区文华路 88 号',
  postcode: '310000',
  phone: '0571-8888 6000',
  fax: '0571-8888 6001',
  email: 'office@mingde.school.example',
  website: 'https://www.mingde.school.example',
  introduction:
    '<p>明德实验学校创办于 1958 年，是一所集初中、高中于一体的公办完全中学，现有教学班 48 个，在校学生 2100 余人，教职工 210 人。</p>' +
    '<p>学校秉承“明德笃学，知行合一”的校训，坚持立德树人，注重学生全面而有个性的发展，先后获评省文明校园、省现代化学校、全国青少年校园足球特色学校。</p>' +
    '<h3>办学特色</h3><ul><li>科技创新教育：建有创客中心、人工智能实验室</li><li>书香校园：年均阅读量超过 30 本</li><li>体育艺术“2+1”：每位学生掌握两项体育技能和一项艺术特长</li></ul>',
};

/** Departments (sys): the tree of the school's offices and teaching groups. */
export const DEPARTMENTS: Array<{ name: string; parent?: string; leader?: string; phone?: string }> = [
  { name: '行政部门', leader: '王建国' },
  { name: '校长办公室', parent: '行政部门', leader: '王建国', phone: '0571-8888 6002' },
  { name: '党政办公室', parent: '行政部门', leader: '李红梅', phone: '0571-8888 6003' },
  { name: '教务处', parent: '行政部门', leader: '陈志强', phone: '0571-8888 6010' },
  { name: '学生处', parent: '行政部门', leader: '刘芳', phone: '0571-8888 6020' },
  { name: '总务处', parent: '行政部门', leader: '赵国平', phone: '0571-8888 6030' },
  { name: '招生就业处', parent: '行政部门', leader: '孙丽', phone: '0571-8888 6040' },
  { name: '信息中心', parent: '行政部门', leader: '周涛', phone: '0571-8888 6050' },
  { name: '教学部门', leader: '陈志强' },
  { name: '语文教研组', parent: '教学部门', leader: '吴文静' },
  { name: '数学教研组', parent: '教学部门', leader: '郑明' },
  { name: '英语教研组', parent: '教学部门', leader: '何静' },
  { name: '理科综合教研组', parent: '教学部门', leader: '冯磊' },
  { name: '体育艺术教研组', parent: '教学部门', leader: '韩冰' },
];

/** The site's columns. kind: 0 list, 1 single page, 2 external link. */
export const CATEGORIES: Array<{
  name: string;
  parent?: string;
  kind?: 0 | 1 | 2;
  regulation?: boolean;
  linkUrl?: string;
}> = [
  { name: '学校概况' },
  { name: '学校简介', parent: '学校概况', kind: 1 },
  { name: '历史沿革', parent: '学校概况', kind: 1 },
  { name: '领导团队', parent: '学校概况', kind: 1 },
  { name: '校园风光', parent: '学校概况' },
  { name: '新闻动态' },
  { name: '学校新闻', parent: '新闻动态' },
  { name: '校园活动', parent: '新闻动态' },
  { name: '媒体报道', parent: '新闻动态' },
  { name: '通知公告' },
  { name: '学校通知', parent: '通知公告' },
  { name: '公示公告', parent: '通知公告' },
  { name: '教学科研' },
  { name: '教学动态', parent: '教学科研' },
  { name: '教研成果', parent: '教学科研' },
  { name: '政策法规', parent: '教学科研', regulation: true },
  { name: '招生就业' },
  { name: '招生信息', parent: '招生就业' },
  { name: '招生政策', parent: '招生就业', regulation: true },
  { name: '就业指导', parent: '招生就业' },
  { name: '智慧教育平台', parent: '招生就业', kind: 2, linkUrl: 'https://www.smartedu.cn' },
];

export const SOURCE_OFFICES = [
  '校长办公室',
  '党政办公室',
  '教务处',
  '学生处',
  '总务处',
  '招生就业处',
  '团委',
  '信息中心',
];

/** Pictures drawn at first start, by file name: [from colour, to colour]. */
export const SAMPLE_IMAGES: Record<string, [string, string]> = {
  'sample-campus-gate.png': ['#1d4e89', '#6fb1e7'],
  'sample-library.png': ['#7a4f2a', '#e8c28e'],
  'sample-sports-day.png': ['#1f7a3a', '#9be08f'],
  'sample-science-lab.png': ['#3b2a7a', '#a99bf0'],
  'sample-art-festival.png': ['#a3252c', '#f5a38c'],
  'sample-graduation.png': ['#7a1f5c', '#f09bd2'],
  'sample-banner-1.png': ['#0b3d6e', '#3a8fd9'],
  'sample-banner-2.png': ['#0f5e4a', '#4fc7a3'],
  'sample-banner-3.png': ['#6e3b0b', '#e0a25a'],
  'sample-mourning.png': ['#3a3a3a', '#9a9a9a'],
};

export const imageUrl = (name: string) => `/uploads/${name}`;

export interface SampleContent {
  category: string;
  title: string;
  summary?: string;
  paragraphs: string[];
  cover?: string;
  office?: string;
  author?: string;
  pinned?: boolean;
  /** days before the seed */
  daysAgo: number;
  draft?: boolean;
  views?: number;
}

export const CONTENTS: SampleContent[] = [
  {
    category: '学校新闻',
    title: '我校举行新学期开学典礼暨表彰大会',
    summary: '全校师生齐聚操场，共同开启新学期的奋斗征程。',
    paragraphs: [
      '9 月 1 日上午，我校在田径场隆重举行新学期开学典礼暨表彰大会，全校 2100 余名师生参加。',
      '校长王建国在讲话中勉励同学们“明德笃学、知行合一”，以饱满的热情投入新学期的学习生活。大会还表彰了上学年优秀学生、优秀班集体和优秀教师。',
    ],
    cover: 'sample-campus-gate.png',
    office: '校长办公室',
    author: '党政办公室',
    pinned: true,
    daysAgo: 12,
    views: 1286,
  },
  {
    category: '学校通知',
    title: '关于做好国庆节假期安全工作的通知',
    paragraphs: [
      '国庆节假期即将来临，为确保师生度过一个安全、祥和的假期，现将有关事项通知如下。',
      '一、各班主任要在放假前召开安全主题班会，重点做好防溺水、交通安全、消防安全和食品安全教育。二、假期值班人员要坚守岗位，遇有突发情况及时报告。',
    ],
    office: '学生处',
    author: '学生处',
    pinned: true,
    daysAgo: 20,
    views: 842,
  },
  {
    category: '校园活动',
    title: '第三十五届校园科技节圆满落幕',
    summary: '机器人竞技、航模展示、创客作品展，科技之光点亮校园。',
    paragraphs: [
      '为期一周的第三十五届校园科技节于昨日闭幕。本届科技节共设机器人竞技、航模展示、创客作品展等 12 个项目，参与学生超过 1500 人次。',
      '高二（3）班的“智能垃圾分类箱”等 8 件作品获评一等奖，并将代表学校参加市青少年科技创新大赛。',
    ],
    cover: 'sample-science-lab.png',
    office: '团委',
    author: '团委',
    daysAgo: 31,
    views: 653,
  },
  {
    category: '教学动态',
    title: '高三年级召开学情分析会',
    paragraphs: [
      '为科学研判高三学生的学习状况，高三年级组于本周三召开学情分析会。',
      '会上，各学科备课组长结合月考数据，从知识掌握、能力结构和应试策略等方面作了深入分析，并提出了下阶段的复习建议。',
    ],
    office: '教务处',
    author: '教务处',
    daysAgo: 38,
    views: 412,
  },
  {
    category: '媒体报道',
    title: '《江南日报》：明德实验学校探索“双减”下的课后服务新模式',
    paragraphs: [
      '近日，《江南日报》以《课后三点半，校园更精彩》为题，报道了我校在课后服务方面的探索与实践。',
      '报道介绍了我校开设的 60 余门课后兴趣课程，涵盖科技、体育、艺术、劳动等领域，学生参与率达 96%。',
    ],
    office: '党政办公室',
    author: '江南日报记者 林晓',
    daysAgo: 45,
    views: 978,
  },
  {
    category: '公示公告',
    title: '2026 年度优秀教师推荐人选公示',
    paragraphs: [
      '经个人申报、教研组推荐、学校评审小组审核，现将 2026 年度优秀教师推荐人选予以公示。',
      '公示期为 5 个工作日。如有异议，请在公示期内以书面形式向党政办公室反映。',
    ],
    office: '党政办公室',
    author: '党政办公室',
    daysAgo: 52,
    views: 367,
  },
  {
    category: '学校新闻',
    title: '我校学子在省中学生运动会上获得佳绩',
    summary: '田径队共获金牌 3 枚、银牌 2 枚，创历史最好成绩。',
    paragraphs: [
      '在刚刚结束的省第十八届中学生运动会上，我校田径队奋勇拼搏，共获得金牌 3 枚、银牌 2 枚、铜牌 4 枚。',
      '其中，高二学生张子涵以 12 秒 08 的成绩夺得女子 100 米冠军，并打破赛会纪录。',
    ],
    cover: 'sample-sports-day.png',
    office: '学生处',
    author: '体育艺术教研组',
    daysAgo: 60,
    views: 1104,
  },
  {
    category: '教研成果',
    title: '我校两项课题获批省级教育科学规划课题立项',
    paragraphs: [
      '近日，省教育科学规划领导小组公布了年度课题立项名单，我校申报的两项课题成功获批。',
      '立项课题分别为《核心素养导向的初中数学单元整体教学研究》和《基于项目化学习的高中物理实验教学实践》。',
    ],
    office: '教务处',
    author: '教科室',
    daysAgo: 68,
    views: 289,
  },
  {
    category: '招生信息',
    title: '2026 年秋季初一新生入学报到须知',
    paragraphs: [
      '欢迎你成为明德实验学校的一员！请新生及家长仔细阅读以下报到须知。',
      '报到时间为 8 月 28 日 8:00—11:30，地点为学校体育馆。请携带录取通知书、户口簿原件及复印件。',
    ],
    office: '招生就业处',
    author: '招生就业处',
    daysAgo: 79,
    views: 2210,
  },
  {
    category: '校园活动',
    title: '“书香明德”读书月活动启动',
    paragraphs: [
      '以“阅读点亮人生”为主题的第十二届“书香明德”读书月活动正式启动。',
      '活动期间，学校将举办经典诵读比赛、好书推荐会、作家进校园等系列活动，图书馆延长开放时间至晚上 8 点。',
    ],
    cover: 'sample-library.png',
    office: '教务处',
    author: '图书馆',
    daysAgo: 86,
    views: 534,
  },
  {
    category: '学校通知',
    title: '关于 2026 年暑假放假及下学期开学时间的通知',
    paragraphs: [
      '根据市教育局校历安排，现将我校 2026 年暑假放假及下学期开学时间通知如下。',
      '学生于 7 月 4 日开始放假，8 月 31 日报到注册，9 月 1 日正式上课。请各位家长督促孩子合理安排假期生活。',
    ],
    office: '校长办公室',
    author: '校长办公室',
    daysAgo: 95,
    views: 1890,
  },
  {
    category: '学校新闻',
    title: '2026 届高三毕业典礼隆重举行',
    summary: '青春不散场，明德永为家。',
    paragraphs: [
      '6 月 10 日下午，我校 2026 届高三毕业典礼在学校礼堂隆重举行，毕业生、家长代表和全体高三教师参加了典礼。',
      '典礼在校歌声中开始。校长为毕业生代表颁发毕业证书，并寄语同学们“心怀家国，行稳致远”。',
    ],
    cover: 'sample-graduation.png',
    office: '校长办公室',
    author: '党政办公室',
    daysAgo: 104,
    views: 1532,
  },
  {
    category: '就业指导',
    title: '高三学生志愿填报指导讲座举行',
    paragraphs: [
      '为帮助毕业生科学合理填报高考志愿，学校邀请省教育考试院专家为高三学生和家长作志愿填报指导讲座。',
      '专家结合新高考政策，详细讲解了专业选择、院校梯度和填报技巧，现场解答家长提问 40 余个。',
    ],
    office: '招生就业处',
    author: '招生就业处',
    daysAgo: 112,
    views: 876,
  },
  {
    category: '政策法规',
    title: '教育部关于进一步加强中小学生睡眠管理工作的通知（转载）',
    paragraphs: [
      '为保障中小学生充足睡眠，促进学生身心健康发展，教育部就进一步加强中小学生睡眠管理工作作出部署。',
      '通知要求小学生每天睡眠时间应达到 10 小时，初中生应达到 9 小时，高中生应达到 8 小时。学校将据此调整作息时间。',
    ],
    office: '教务处',
    author: '教务处',
    daysAgo: 120,
    views: 445,
  },
  {
    category: '校园活动',
    title: '第二十届校园艺术节精彩上演',
    summary: '歌舞、器乐、戏剧、书画，近千名学生登台展示艺术风采。',
    paragraphs: [
      '以“青春飞扬，艺彩明德”为主题的第二十届校园艺术节于 5 月 20 日晚在学校礼堂精彩上演。',
      '本届艺术节历时一个月，共有合唱、舞蹈、器乐、戏剧、书画等 6 大类 80 余个节目和作品参与展演。',
    ],
    cover: 'sample-art-festival.png',
    office: '团委',
    author: '团委',
    daysAgo: 128,
    views: 712,
  },
  {
    category: '教学动态',
    title: '我校承办市初中数学课堂教学研讨活动',
    paragraphs: [
      '5 月 12 日，市初中数学课堂教学研讨活动在我校举行，来自全市 40 余所学校的 120 名数学教师参加。',
      '我校郑明老师执教的《一次函数的图像与性质》展示课获得与会专家的高度评价。',
    ],
    office: '教务处',
    author: '数学教研组',
    daysAgo: 137,
    views: 301,
  },
  {
    category: '公示公告',
    title: '学校食堂食品安全检查结果公示',
    paragraphs: [
      '根据《学校食品安全与营养健康管理规定》，学校膳食委员会对食堂进行了月度食品安全检查。',
      '本次检查涉及原料采购、储存、加工、留样等 6 个方面 32 项内容，检查结果全部合格，现予公示。',
    ],
    office: '总务处',
    author: '总务处',
    daysAgo: 145,
    views: 256,
  },
  {
    category: '学校新闻',
    title: '我校开展“学雷锋”志愿服务月活动',
    paragraphs: [
      '三月是学雷锋活动月。我校团委组织 600 余名志愿者走进社区、敬老院和公园，开展环境清洁、敬老助老、文明劝导等志愿服务。',
      '活动累计服务时长超过 3000 小时，受到社区居民的一致好评。',
    ],
    office: '团委',
    author: '团委',
    daysAgo: 178,
    views: 498,
  },
  {
    category: '招生政策',
    title: '江南市 2026 年初中学校招生入学工作实施意见（转载）',
    paragraphs: [
      '为做好 2026 年初中学校招生入学工作，市教育局制定了招生入学工作实施意见。',
      '公办初中严格按照划定的学区招生，实行免试就近入学；民办学校招生纳入审批地统一管理，与公办学校同步招生。',
    ],
    office: '招生就业处',
    author: '招生就业处',
    daysAgo: 186,
    views: 1678,
  },
  {
    category: '教研成果',
    title: '我校教师在全国中小学教师信息技术应用能力大赛中获奖',
    paragraphs: [
      '在第十四届全国中小学教师信息技术应用能力大赛中，我校 3 位教师的作品分获一等奖 1 项、二等奖 2 项。',
      '获奖作品涵盖微课、融合创新课例和数字化教学资源三个类别。',
    ],
    office: '信息中心',
    author: '信息中心',
    daysAgo: 195,
    views: 333,
  },
  {
    category: '学校通知',
    title: '关于召开 2026 年春季学期家长会的通知',
    paragraphs: [
      '为加强家校沟通，形成教育合力，学校定于 3 月 14 日（星期六）上午召开春季学期家长会。',
      '家长会分为全校大会和班级分会两个环节，请各位家长准时参加，并提前安排好个人时间。',
    ],
    office: '学生处',
    author: '学生处',
    daysAgo: 203,
    views: 921,
  },
  {
    category: '媒体报道',
    title: '江南电视台专题报道我校劳动教育实践基地',
    paragraphs: [
      '江南电视台《教育在线》栏目近日播出专题节目，介绍我校劳动教育实践基地的建设成果。',
      '基地占地 12 亩，设有种植区、养殖区和手工坊，学生每周在此参加一节劳动实践课。',
    ],
    office: '党政办公室',
    author: '江南电视台',
    daysAgo: 226,
    views: 587,
  },
  {
    category: '学校新闻',
    title: '学校召开寒假前安全工作会议',
    paragraphs: [
      '1 月 16 日，学校召开寒假前安全工作会议，部署寒假期间的安全工作。',
      '会议要求各部门认真开展安全隐患排查，落实假期值班制度，确保校园安全稳定。',
    ],
    office: '总务处',
    author: '总务处',
    daysAgo: 242,
    views: 274,
  },
  {
    category: '教学动态',
    title: '期末考试工作顺利结束',
    paragraphs: [
      '2025—2026 学年第一学期期末考试于 1 月 14 日顺利结束。本次考试组织严密，考风考纪良好。',
      '各备课组将在一周内完成阅卷、成绩分析和试卷讲评工作。',
    ],
    office: '教务处',
    author: '教务处',
    daysAgo: 250,
    views: 358,
  },
  {
    category: '校园活动',
    title: '“迎新年”长跑比赛火热开跑',
    paragraphs: [
      '12 月 30 日，我校举行“迎新年”长跑比赛，全校 1800 余名学生参加。',
      '比赛设初中组和高中组，学生们奔跑在校园里，以健康向上的姿态迎接新年的到来。',
    ],
    cover: 'sample-sports-day.png',
    office: '学生处',
    author: '体育艺术教研组',
    daysAgo: 265,
    views: 402,
  },
  {
    category: '教研成果',
    title: '我校获评省级“智慧教育示范校”',
    paragraphs: [
      '省教育厅日前公布了第三批省级智慧教育示范校名单，我校榜上有名。',
      '近年来，学校建成了覆盖全校的智慧教室和学情分析平台，推动信息技术与教育教学深度融合。',
    ],
    cover: 'sample-science-lab.png',
    office: '信息中心',
    author: '信息中心',
    daysAgo: 281,
    views: 689,
  },
  {
    category: '学校新闻',
    title: '我校举行庆祝第 41 个教师节表彰大会',
    paragraphs: [
      '9 月 10 日，我校举行庆祝第 41 个教师节表彰大会，表彰了一批师德高尚、业务精湛的优秀教师。',
      '从教满 30 年的 12 位教师获颁“杏坛耕耘”纪念证书。',
    ],
    office: '党政办公室',
    author: '党政办公室',
    daysAgo: 296,
    views: 745,
  },
  {
    category: '公示公告',
    title: '2025 年秋季学期学生资助名单公示',
    paragraphs: [
      '根据国家学生资助政策，经学生申请、班级评议、学校审核，现将 2025 年秋季学期拟资助学生名单予以公示。',
      '为保护学生隐私，名单仅公示学生所在班级和资助等级。公示期为 5 个工作日。',
    ],
    office: '学生处',
    author: '学生处',
    daysAgo: 310,
    views: 312,
  },
  {
    category: '校园风光',
    title: '秋日校园：银杏金黄，书声琅琅',
    paragraphs: [
      '深秋时节，校园里的银杏树换上了金黄的新装，与红墙白瓦相映成趣。',
      '同学们在银杏大道上晨读、散步，构成了一幅美丽的校园画卷。',
    ],
    cover: 'sample-campus-gate.png',
    office: '党政办公室',
    author: '摄影社',
    daysAgo: 330,
    views: 1203,
  },
  {
    category: '招生信息',
    title: '2025 年高中部自主招生简章',
    paragraphs: [
      '经市教育局批准，我校 2025 年高中部继续开展自主招生工作，计划招收科技创新特长生 30 名。',
      '报名时间为 4 月 1 日至 4 月 15 日，考生可通过学校官网下载报名表。',
    ],
    office: '招生就业处',
    author: '招生就业处',
    daysAgo: 352,
    views: 2456,
  },
  // drafts: written, not yet published
  {
    category: '学校新闻',
    title: '我校代表队参加市中小学生合唱比赛（待审核）',
    paragraphs: ['合唱比赛的报道正在整理中，照片待补充。'],
    office: '团委',
    author: '团委',
    daysAgo: -2,
    draft: true,
  },
  {
    category: '学校通知',
    title: '关于开展冬季校园消防演练的通知（草稿）',
    paragraphs: ['演练时间和疏散路线待总务处确认。'],
    office: '总务处',
    author: '总务处',
    daysAgo: 3,
    draft: true,
  },
  {
    category: '教学动态',
    title: '高一年级选科指导工作安排',
    paragraphs: ['选科指导分三个阶段进行：政策宣讲、学科体验、个别咨询。具体时间另行通知。'],
    office: '教务处',
    author: '教务处',
    daysAgo: 5,
    draft: true,
  },
  {
    category: '招生信息',
    title: '2027 年招生计划（征求意见稿）',
    paragraphs: ['招生计划征求意见稿，待校务会讨论。'],
    office: '招生就业处',
    author: '招生就业处',
    daysAgo: 1,
    draft: true,
  },
];

/** Single pages: one content each, shown as the column's page. */
export const PAGES: Array<{ category: string; title: string; html: string; daysAgo: number }> = [
  { category: '学校简介', title: '学校简介', html: SCHOOL.introduction, daysAgo: 360 },
  {
    category: '历史沿革',
    title: '历史沿革',
    html:
      '<ul><li>1958 年：学校创办，时名江南市第六中学</li><li>1985 年：被确定为市重点中学</li>' +
      '<li>2002 年：更名为明德实验学校</li><li>2018 年：新校区落成启用</li></ul>',
    daysAgo: 360,
  },
  {
    category: '领导团队',
    title: '领导团队',
    html: '<p>校长：王建国</p><p>党委书记：李红梅</p><p>副校长：陈志强（分管教学）、赵国平（分管后勤）</p>',
    daysAgo: 360,
  },
];

export const PICTURES: Array<{ title: string; image: string; description: string; daysAgo: number }> = [
  { title: '校门', image: 'sample-campus-gate.png', description: '学校正门与校训石', daysAgo: 300 },
  { title: '图书馆', image: 'sample-library.png', description: '藏书 15 万册的图书馆', daysAgo: 280 },
  { title: '田径运动会', image: 'sample-sports-day.png', description: '秋季田径运动会开幕式', daysAgo: 200 },
  {
    title: '创新实验室',
    image: 'sample-science-lab.png',
    description: '人工智能与机器人实验室',
    daysAgo: 150,
  },
  { title: '艺术节', image: 'sample-art-festival.png', description: '校园艺术节舞台', daysAgo: 128 },
  { title: '毕业典礼', image: 'sample-graduation.png', description: '2026 届毕业典礼合影', daysAgo: 104 },
];

export const WEB_PICTURES: Array<{ title: string; image: string; position: string; linkUrl?: string }> = [
  { title: '首页轮播：开学典礼', image: 'sample-banner-1.png', position: 'banner' },
  { title: '首页轮播：科技节', image: 'sample-banner-2.png', position: 'banner' },
  { title: '首页轮播：招生', image: 'sample-banner-3.png', position: 'banner' },
  { title: '哀悼日背景', image: 'sample-mourning.png', position: 'background' },
];

export const LINK_CATEGORIES = ['政府网站', '兄弟院校', '校内系统'];

export const LINKS: Array<{ name: string; url: string; category: string }> = [
  { name: '中华人民共和国教育部', url: 'https://www.moe.gov.cn', category: '政府网站' },
  { name: '国家智慧教育公共服务平台', url: 'https://www.smartedu.cn', category: '政府网站' },
  { name: '中国教育和科研计算机网', url: 'https://www.edu.cn', category: '政府网站' },
  { name: '北京大学', url: 'https://www.pku.edu.cn', category: '兄弟院校' },
  { name: '清华大学', url: 'https://www.tsinghua.edu.cn', category: '兄弟院校' },
  { name: '浙江大学', url: 'https://www.zju.edu.cn', category: '兄弟院校' },
  { name: '教务管理系统', url: 'https://jw.mingde.school.example', category: '校内系统' },
  { name: '校园邮箱', url: 'https://mail.mingde.school.example', category: '校内系统' },
];

/** Home-page blocks. displayType: 0 titles, 1 pictures, 2 pictures and titles. */
export const BLOCKS: Array<{
  name: string;
  key: string;
  category: string;
  displayType: 0 | 1 | 2;
  items: number;
}> = [
  { name: '学校新闻', key: 'news', category: '新闻动态', displayType: 2, items: 6 },
  { name: '通知公告', key: 'notice', category: '通知公告', displayType: 0, items: 8 },
  { name: '教学科研', key: 'teaching', category: '教学科研', displayType: 0, items: 6 },
  { name: '招生就业', key: 'admission', category: '招生就业', displayType: 0, items: 6 },
  { name: '校园风光', key: 'campus', category: '校园风光', displayType: 1, items: 4 },
];

export const MAILBOXES: Array<{ name: string; description: string }> = [
  { name: '校长信箱', description: '对学校发展的意见和建议，校长办公室将在 5 个工作日内答复。' },
  { name: '书记信箱', description: '党风廉政建设、师德师风方面的意见和建议。' },
  { name: '投诉建议', description: '对教学、后勤、食堂等方面的投诉和建议。' },
];

export const REPLIERS: Array<{ name: string; mailbox: string }> = [
  { name: '校长办公室', mailbox: '校长信箱' },
  { name: '党政办公室', mailbox: '书记信箱' },
  { name: '总务处', mailbox: '投诉建议' },
];

export interface SampleMessage {
  mailbox: string;
  title: string;
  content: string;
  name: string;
  phone: string;
  allowPublic: boolean;
  daysAgo: number;
  /** 0 new, 1 handled, 2 answered */
  status: 0 | 1 | 2;
  replier?: string;
  reply?: string;
  publicReply?: boolean;
}

export const MESSAGES: SampleMessage[] = [
  {
    mailbox: '校长信箱',
    title: '建议延长图书馆周末开放时间',
    content: '孩子周末想去学校图书馆看书，但目前周六只开放半天，建议延长开放时间。',
    name: '王女士',
    phone: '13800001111',
    allowPublic: true,
    daysAgo: 40,
    status: 2,
    replier: '校长办公室',
    reply: '感谢您的建议。自下月起，图书馆周六开放时间调整为 8:30—17:00，欢迎同学们前来阅读。',
    publicReply: true,
  },
  {
    mailbox: '投诉建议',
    title: '食堂午餐排队时间较长',
    content: '高一年级中午排队打饭要等 15 分钟以上，希望能增加窗口。',
    name: '李同学家长',
    phone: '13900002222',
    allowPublic: true,
    daysAgo: 25,
    status: 2,
    replier: '总务处',
    reply: '您好，食堂已于本周增设两个打饭窗口，并实行分年级错峰就餐，排队时间已明显缩短。',
    publicReply: true,
  },
  {
    mailbox: '投诉建议',
    title: '校门口接送时段交通拥堵',
    content: '放学时校门口车辆较多，存在安全隐患，建议学校与交警部门协调。',
    name: '陈先生',
    phone: '13700003333',
    allowPublic: false,
    daysAgo: 14,
    status: 1,
  },
  {
    mailbox: '校长信箱',
    title: '关于课后服务课程的咨询',
    content: '请问初二年级的课后服务是否可以增加编程类课程？孩子对此很感兴趣。',
    name: '赵女士',
    phone: '13600004444',
    allowPublic: true,
    daysAgo: 3,
    status: 0,
  },
  {
    mailbox: '书记信箱',
    title: '表扬数学组郑老师',
    content: '郑老师利用休息时间为孩子答疑，耐心细致，特此表扬！',
    name: '孙先生',
    phone: '13500005555',
    allowPublic: true,
    daysAgo: 1,
    status: 0,
  },
];
