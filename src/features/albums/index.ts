// The public entry of features/albums: the add-to-album picker other pages offer (the timeline's
// selection toolbar and menu) and the viewer's add-to-album slot. The album pages themselves
// are lazy route modules (AlbumsPage, AlbumPage, PickerPage).
export { AddToAlbumDialog, type AddToAlbumProps } from './AddToAlbumDialog';
export { useAddToAlbumInCarousel } from './CarouselAddToAlbum';
