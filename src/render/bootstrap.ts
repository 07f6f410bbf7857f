/**
 * The one inline script of every page. It runs before first paint to set the colour mode and to
 * hide a dismissed announcement bar (no flash, no layout shift), and shows the base URL banner
 * when the page is served from a path other than the configured base. Not on the 404 page: hosts
 * serve it for any missing address, a mistyped one outside the base too, where the site is fine. Its text is constant (the
 * settings come from data attributes on <html>), so one CSP hash covers every page of every site.
 */
import { createHash } from 'node:crypto';

export const BOOTSTRAP_SCRIPT = `(function(){var d=document.documentElement,s=d.dataset,k=null;
function g(n){try{return window.localStorage.getItem(n)}catch(e){return null}}
function r(n){try{window.localStorage.removeItem(n)}catch(e){}}
var m=s.defaultMode||"dark";
if(s.disableSwitch!=="true"){k=g("theme");if(k==="light"||k==="dark"){m=k}else if(s.respectPrefers==="true"&&window.matchMedia){
if(matchMedia("(prefers-color-scheme: dark)").matches)m="dark";else if(matchMedia("(prefers-color-scheme: light)").matches)m="light"}}
d.dataset.theme=m;d.style.colorScheme=m;
if(s.announcementId){if(g("docsgen-announcement-id")!==s.announcementId){r("docsgen-announcement-dismiss")}
else if(g("docsgen-announcement-dismiss")==="true"){d.dataset.announcementDismissed="true"}}
var b=s.base||"/";if(s.pageKind!=="notfound"&&location.protocol!=="file:"&&location.pathname.indexOf(b)!==0&&location.pathname+"/"!==b){
document.addEventListener("DOMContentLoaded",function(){var e=document.createElement("div");e.id="base-url-issue-banner";e.setAttribute("role","alert");
e.innerHTML="<strong>Your site did not load properly.</strong> It is served from <code></code>, but its configured base path is <code></code>. Set <code>baseUrl</code> in config.yaml to the path the site is served from (or serve it from the configured path), then build again.";
var c=e.getElementsByTagName("code");c[0].textContent=location.pathname;c[1].textContent=b;document.body.insertBefore(e,document.body.firstChild)})}})();`;

export const BOOTSTRAP_SCRIPT_HASH = `sha256-${createHash('sha256').update(BOOTSTRAP_SCRIPT).digest('base64')}`;
