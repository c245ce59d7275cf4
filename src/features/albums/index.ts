// The public entry of features/albums: the add-to-album picker other pages offer (the timeline's
// selection toolbar and menu) and the viewer's add-to-album slot. The timeline imports it lazily
// (on first use), so /photos does not load it. The album pages themselves
// are lazy route modules (AlbumsPage, AlbumPage, PickerPage).
export { AddToAlbumDialog, type AddToAlbumProps } from './AddToAlbumDialog';
export { registerAddToAlbumAction, useAddToAlbumInCarousel } from './CarouselAddToAlbum';
export { ShareToAlbumList } from './ShareToAlbum';
export { albumListQuery } from './albumApi';
export { indexAlbums, type ListedAlbum } from './albumList';
