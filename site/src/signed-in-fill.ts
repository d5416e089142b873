// The inline script that fills a signed-in page's published template (prerendered-page.ts, withSignedInTemplate;
// docs/decisions.md "The signed-in feed paints from the HTML") from the page's head start answer, so the first page
// of posts paints before any script file has arrived. It runs at the end of the body, after the head start
// (head-start.ts) started the page's calls with the saved token.
// - No session (the probe in <head> found no token), developer overrides (the head start started nothing then), no
//   answer, a failed or refused one (null: not 2xx), or no post it can draw: the markup goes
//   and the page's scripts start at once, as on any page.
// - Else one card per post, cloned from the template's card, which the remote's build drew with its real PostCard
//   and marked with slots where that card shows a post's values ({n}, {c}...): text nodes and attribute values get
//   the post's own (never parsed as HTML, so a post's text stays text). The date is formatted as the card formats
//   it (kit/src/dates.ts), the avatar coloured as kit's Avatar colours it. It draws the leading run of ordinary
//   posts and stops at the first it cannot draw the way the card would (deleted, a reply, a picture, an odd id):
//   the real list draws those below, so nothing drawn moves.
// - The page's scripts and their preloads (parked by the server and the head start) start once the filled posts
//   have painted, or after WAIT_MS whatever happened: Lighthouse's simulation charges every script that ran before
//   the paint to it, and script downloads begun before the calls held the connections the calls needed.
// The real page removes the markup in a layout effect when its list first has posts (or ended empty or failed).
import { HEAD_START_GLOBAL } from '@skynet/contract';

const WAIT_MS = 1000;

/**
 * Minified by hand (every byte counts in /feed's JS budget). The card's slots (mfe-feed/src/prerender/index.tsx):
 * {i} id, {a} author id, {n} name, {x} its initial, {h} its avatar's hue (kit's Avatar), {c} text, {l} likes, {L}
 * " like"/" likes", {o} comments, {O} " comment"/" comments", {t} date, {d} the date as kit's formatMonthDay
 * formats it. They are replaced in text nodes and attribute nodes (Attr.nodeValue is its value), one pass, so what
 * a post brings is never read as a slot or as markup. A post it cannot draw ends the run: deleted, a reply, an id
 * outside [\w-] (it would need escaping in a link), a picture (the template draws the initial on a disc only).
 */
export const SIGNED_IN_FILL_SCRIPT =
  '(function(){var d=document,m=d.getElementById("prerendered"),n=0;' +
  'function go(){if(n++)return;var h=window.' +
  `${HEAD_START_GLOBAL};h&&h.later&&h.later();` +
  'd.querySelectorAll("link[data-after-paint]").forEach(function(l){l.rel="preload"});' +
  'd.querySelectorAll("script[data-after-paint]").forEach(function(p){' +
  'var s=d.createElement("script");s.src=p.dataset.afterPaint;s.async=!1;d.body.appendChild(s)})}' +
  'function drop(){m&&m.remove();go()}' +
  'try{var c=m.querySelector("template[data-card]"),a=d.documentElement.classList.contains("has-session")' +
  `&&${HEAD_START_GLOBAL}.answers[c.dataset.call];` +
  `if(!a)return drop();setTimeout(go,${WAIT_MS});` +
  'a.then(function(b){' +
  'var v=b.value,i=0,r=/^[\\w-]+$/,f=new Intl.DateTimeFormat("en-US",{month:"short",day:"numeric"});' +
  'for(;i<v.length;i++){var p=v[i],u=p.userName,l=p.likeCount,o=p.commentCount,e,w,x,j,q,h=0,F;' +
  'if(p.deleted||p.parentPost||!r.test(p._id)||!r.test(p.authorId)||p.avatarUrl)break;' +
  'for(j=Array.from(u),q=0;q<j.length;q++)h+=j[q].charCodeAt(0);' +
  'F={i:p._id,a:p.authorId,n:u,x:(u[0]||"?").toUpperCase(),h:h%360,c:p.content,l:l,L:l==1?" like":" likes",' +
  'o:o,O:o==1?" comment":" comments",t:p.createdAt,d:f.format(new Date(p.createdAt))};' +
  'e=c.content.cloneNode(!0);w=d.createTreeWalker(e,5);' +
  'while(x=w.nextNode())for(j=x.nodeType==3?[x]:x.attributes,q=0;q<j.length;q++)' +
  'j[q].nodeValue=j[q].nodeValue.replace(/{(\\w)}/g,function(_,z){return F[z]});' +
  'm.querySelector("[data-posts]").appendChild(e)}' +
  'if(!i)return drop();requestAnimationFrame(function(){setTimeout(go)})}).catch(drop)}catch(e){drop()}})()';
