from .csrf import CSRFProtect as CSRFProtect
from .form import FlaskForm as FlaskForm
from .form import Form as Form

__version__: str
