"""The rules of Doomcrop as steps of an explicit machine over :class:`~..state.State`."""
