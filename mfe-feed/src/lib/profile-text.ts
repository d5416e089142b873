// How a profile words its figures and title: shared by the profile's components and the inline script that draws a
// profile from the HTML (../prerender/profile-fill.ts), which must not pull in any component.

/** '1 follower', '2 followers'. */
export const followersText = (count: number) => `${count} ${count === 1 ? 'follower' : 'followers'}`;

/** '1 post', '2 posts'. */
export const postsText = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

/** Own title rule (spec point 2): the userName if shorter than 12 characters, otherwise 'My Profile'. */
export const ownProfileTitle = (userName: string) => (userName.length < 12 ? userName : 'My Profile');
