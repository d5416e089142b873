// The inline script that fills a signed-in page's published template (prerendered-page.ts, withSignedInTemplate;
// docs/decisions.md "The signed-in feed paints from the HTML") from the page's head start answer, so the first page
// of posts paints before any script file has arrived. It runs at the end of the body, after the head start
// (head-start.ts) started the page's calls with the saved token.
// - No session (the probe in <head> found no token), developer overrides (the head start started nothing then, or
//   `?overrides-panel`), no answer, a failed or refused one (null: not 2xx), or no post it can draw: the markup goes
//   and the page's scripts start at once, as on any page.
// - Else one card per post, cloned from the template's card, which the remote's build drew with its real PostCard
//   around a placeholder post (`data-post`): every text or attribute value that is exactly one of the placeholder's
//   is set to the post's own (text as a text node's value, attributes with setAttribute semantics: never parsed as
//   HTML, so a post's text stays text). The date is formatted as the card formats it (kit/src/dates.ts), the avatar
//   coloured as kit's Avatar colours it, a picture cloned from the template's picture. It draws the leading run of
//   ordinary posts and stops at the first it cannot draw the way the card would (deleted, a reply, an unexpected
//   field): the real list draws those below, so nothing drawn moves.
// - The page's scripts (parked by the server) start once the filled posts have painted, or after WAIT_MS whatever
//   happened: Lighthouse's simulation charges every script that ran before the paint to it, as on the landing page.
// The real page removes the markup in a layout effect when its list first has posts (or ended empty or failed).
import { HEAD_START_GLOBAL, OVERRIDES_PANEL_PARAM } from '@skynet/contract';

const WAIT_MS = 1000;

/** A post the card draws from the template alone (ids that need no escaping in a path). */
const drawable =
  'function ok(p){return p&&typeof p._id=="string"&&typeof p.authorId=="string"&&/^[\\w-]+$/.test(p._id+p.authorId)' +
  '&&typeof p.userName=="string"&&typeof p.content=="string"&&typeof p.likeCount=="number"' +
  '&&typeof p.commentCount=="number"&&!p.deleted&&!p.parentPost&&!isNaN(new Date(p.createdAt))' +
  '&&(!p.avatarUrl||typeof p.avatarUrl=="string"&&/^(https?:|\\/)/.test(p.avatarUrl))}';

/** The template's card for post `p`, `k` the placeholder it was drawn around. */
const card =
  'function card(p){var e=c.content.cloneNode(true),M={},w=d.createTreeWalker(e,5),x,j,t,h=0,q=Array.from(p.userName);' +
  'function s(a,b){M["~"+a]=b}' +
  's(k._id,p._id);s("post-"+k._id+"-author","post-"+p._id+"-author");s("/post/"+k._id,"/post/"+p._id);' +
  's("/user/"+k.authorId,"/user/"+p.authorId);s(k.userName,p.userName);' +
  's(k.userName+"\'s avatar",p.userName+"\'s avatar");s(k.userName[0].toUpperCase(),(p.userName[0]||"?").toUpperCase());' +
  's(k.content,p.content);s(k.likeCount,p.likeCount);s(" likes",p.likeCount==1?" like":" likes");' +
  's(k.commentCount,p.commentCount);' +
  's(k.commentCount+" comments",p.commentCount+(p.commentCount==1?" comment":" comments"));s(k.createdAt,p.createdAt);' +
  'while(x=w.nextNode())if(x.nodeType==3){if("~"+x.nodeValue in M)x.nodeValue=M["~"+x.nodeValue]}' +
  'else for(j=0;j<x.attributes.length;j++){t=x.attributes[j];if("~"+t.value in M)t.value=M["~"+t.value]}' +
  'e.querySelector("time").textContent=f.format(new Date(p.createdAt));' +
  'x=e.querySelector("[role=img]");for(j=0;j<q.length;j++)h+=q[j].charCodeAt(0);' +
  'x.style.background="hsl("+h%360+" 55% 42%)";' +
  'if(p.avatarUrl){t=m.querySelector("template[data-avatar]").content.firstChild.cloneNode(true);' +
  't.src=p.avatarUrl;t.alt=p.userName+"\'s avatar";x.replaceWith(t)}return e}';

export const SIGNED_IN_FILL_SCRIPT =
  '(function(){var d=document,m=d.getElementById("prerendered"),n=0;' +
  'function start(){if(n++)return;d.querySelectorAll("script[data-after-paint]").forEach(function(p){' +
  'var s=d.createElement("script");s.src=p.getAttribute("data-after-paint");s.async=false;d.body.appendChild(s)})}' +
  'function drop(){m&&m.remove();start()}' +
  'try{var c=m&&m.querySelector("template[data-card]"),g=window.' +
  HEAD_START_GLOBAL +
  ',a=c&&g&&d.documentElement.classList.contains("has-session")' +
  `&&!/[?&]${OVERRIDES_PANEL_PARAM}([&=]|$)/.test(location.search)&&g.answers[c.getAttribute("data-call")];` +
  `if(!a)return drop();setTimeout(start,${WAIT_MS});` +
  'a.then(function(b){if(!m.isConnected)return;' +
  'var v=b&&b.value,k=JSON.parse(c.getAttribute("data-post")),l=m.querySelector("[data-posts]"),i=0,' +
  'f=new Intl.DateTimeFormat("en-US",{month:"short",day:"numeric"});' +
  'for(;Array.isArray(v)&&i<v.length&&ok(v[i]);i++)l.appendChild(card(v[i]));' +
  'if(!i)return drop();requestAnimationFrame(function(){setTimeout(start)});' +
  drawable +
  card +
  '}).catch(drop)}catch(e){drop()}})()';
