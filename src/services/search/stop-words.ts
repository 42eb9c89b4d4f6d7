/**
 * Stop words of the languages `@orama/stopwords` has no list for, and a short Chinese list (its
 * Mandarin list drops words that matter here, such as 人 "people" and 区 "district"): the function
 * words queries and texts are full of and that say nothing about which element is meant. Kept short
 * on purpose; "hindi" and "không" (not) stay, and so does Vietnamese "ai" (who), which is also how
 * "AI" is typed.
 */
const words = (list: string): readonly string[] => list.split(' ');

export const FILIPINO_STOP_WORDS = words(
  'ang ng nang sa mga na at ay si ni kay ko mo niya namin natin nila ito iyan iyon ba po ho ka kami ' +
    'tayo sila siya ako ikaw kung para din rin lang pa nga daw raw yung yun ano',
);

export const VIETNAMESE_STOP_WORDS = words(
  'của và các những là có được cho với trong này đó thì mà một để khi tôi ở về ra vào lại cũng đã ' +
    'sẽ đang bị nào gì như hay hoặc nếu thể',
);

export const KHMER_STOP_WORDS = words('និង នៃ ជា ក្នុង ដែល នេះ នោះ ទៅ ពី បាន របស់ ឬ សម្រាប់ អំពី នៅ ដើម្បី គឺ ក៏ ថា');

/** Simplified and Traditional forms together: each locale's texts use only one of them. */
export const CHINESE_STOP_WORDS = words(
  '的 了 和 与 與 及 或 是 在 被 把 对 對 于 於 为 為 从 從 这 這 那 我 你 您 他 她 它 们 們 吗 嗎 呢 吧 ' +
    '啊 也 都 就 而 但 之 其 等 个 個 会 會 能 可以 哪些 什么 什麼 怎么 怎麼 如何 有 没有 沒有 着 著 过 過 得 地',
);
