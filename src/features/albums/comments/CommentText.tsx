import { Fragment, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_COMMENT_TRUNCATE } from '../../../domain/constants';
import { linkify } from '../../../domain/linkify';
import './Comments.css';

/**
 * A comment's text: plain text with its line breaks; http(s) addresses are links that open in a
 * new tab without telling the target where they came from (`rel="noopener noreferrer"`). Nothing
 * else is markup: the parts are text nodes. On phones (`truncate`) it is cut to SPEC §9's 4 lines
 * of 16 px, with "Show more" when it is longer.
 */
export function CommentText({ text, truncate }: { text: string; truncate: boolean }) {
  const { t } = useTranslation();
  const parts = useMemo(() => linkify(text), [text]);
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const clamped = truncate && !expanded;

  // Whether the clamped text hides lines: measured, since it depends on width and fonts.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !truncate) return undefined;
    const measure = () => {
      if (!expanded) setOverflows(element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [truncate, expanded, text]);

  return (
    <>
      <p
        ref={ref}
        className={clamped ? 'comments__text comments__text--clamped' : 'comments__text'}
        style={
          truncate
            ? {
                lineHeight: `${MOBILE_COMMENT_TRUNCATE.lineHeightPx}px`,
                WebkitLineClamp: clamped ? MOBILE_COMMENT_TRUNCATE.lines : undefined,
              }
            : undefined
        }
        data-testid="comment-text"
      >
        {parts.map((part, index) =>
          part.kind === 'link' ? (
            <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
            </a>
          ) : (
            <Fragment key={index}>{part.text}</Fragment>
          ),
        )}
      </p>
      {truncate && (overflows || expanded) ? (
        <button
          type="button"
          className="comments__more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          data-testid="comment-more"
        >
          {expanded ? t('albums.comments.showLess') : t('albums.comments.showMore')}
        </button>
      ) : null}
    </>
  );
}
