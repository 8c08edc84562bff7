import blog from '../../locales/en/blog.json';
import { addEnglish } from '../../lib/i18n/english';
import { useT } from '../../lib/i18n/language';

// The blog's words (`blog` namespace: the list's and the post page's chrome, never the posts' own
// words): its English catalogue comes with the blog's chunk, never with the landing page's.
addEnglish('blog', blog);

/** `t` and the language on screen, for the blog's components. */
export const useBlogT = useT;
